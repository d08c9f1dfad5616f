import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { UserQueryProvider } from '../../../lib/query-provider';
import { type ApiCall, aProfile, aStoredAddress, fakeApi, json } from '../../../test-support/fake-api';
import type { StoredAddress } from '../api/addresses-api';
import { AddressBook } from './address-book';

const api = fakeApi();

afterEach(cleanup);

function stored(overrides: Partial<StoredAddress>): StoredAddress {
  return aStoredAddress({ unitNumber: '#12-34', ...overrides });
}

/** Answers GET /address from `book`, and applies deletes and main changes to it. */
function serve(book: StoredAddress[]) {
  api.respond(({ method, path }: ApiCall) => {
    if (method === 'GET' && path === '/address') return json(200, { addresses: book });
    const id = path.split('/')[2];
    if (method === 'DELETE')
      book.splice(
        book.findIndex((address) => address.id === id),
        1,
      );
    if (method === 'POST' && path.endsWith('/main')) {
      for (const address of book) address.main = address.id === id;
    }
    return method === 'DELETE' ? json(204) : json(200, {});
  });
}

function renderBook() {
  render(
    <UserQueryProvider>
      <AddressBook profile={aProfile()} />
    </UserQueryProvider>,
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');

describe('AddressBook', () => {
  it('prints each card as a letter to its country is addressed, under the name', async () => {
    serve([
      stored({
        id: 'jp',
        fullName: 'Yamada Taro',
        country: 'JP',
        address: 'Marunouchi 1-1-1',
        unitNumber: null,
        city: 'Chiyoda-ku',
        state: '13',
        postalCode: '100-0005',
        phoneNumber: '+81312345678',
      }),
      stored({
        id: 'gb',
        fullName: 'Jane Smith',
        country: 'GB',
        address: '10 Downing Street',
        unitNumber: null,
        city: 'London',
        postalCode: 'SW1A 2AA',
        phoneNumber: '+442079250918',
        main: false,
      }),
    ]);
    renderBook();
    await screen.findByRole('heading', { name: 'Yamada Taro' });
    const lines = (card: HTMLElement) =>
      [...(card.querySelector('address')?.children ?? [])].map((line) => line.textContent);
    const [japan, britain] = cards();
    if (!japan || !britain) throw new Error('two cards expected');
    expect(lines(japan)).toEqual([
      '〒100-0005',
      'Tokyo Chiyoda-ku',
      'Marunouchi 1-1-1',
      'Japan',
      '+81 3 1234 5678',
    ]);
    expect(lines(britain)).toEqual([
      '10 Downing Street',
      'LONDON',
      'SW1A 2AA',
      'United Kingdom',
      '+44 20 7925 0918',
    ]);
  });

  it('says so when there are no addresses, and makes the first one main', async () => {
    serve([]);
    renderBook();
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    expect(screen.getByText('Your first address becomes your main address.')).toBeTruthy();
    expect(screen.queryByLabelText('Make this my main address')).toBeNull();
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Mei Tan');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add an address' }));
  });

  it('lists the addresses as their country prints them, the main one marked', async () => {
    serve([
      stored({}),
      stored({
        id: 'a2',
        main: false,
        country: 'US',
        fullName: 'Ann Lee',
        phoneNumber: '+14155550123',
        address: '1 Market St',
        unitNumber: null,
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94103',
      }),
    ]);
    renderBook();
    await screen.findByRole('list', { name: 'Saved addresses' });
    const [main, other] = cards();
    expect(within(main as HTMLElement).getByText('Main address')).toBeTruthy();
    expect(within(main as HTMLElement).getByText('SINGAPORE 048616')).toBeTruthy();
    expect(within(main as HTMLElement).queryByRole('button', { name: 'Make main address' })).toBeNull();
    expect(within(other as HTMLElement).queryByText('Main address')).toBeNull();
    expect(within(other as HTMLElement).getByText('San Francisco, California 94103')).toBeTruthy();
    expect(screen.getAllByText('Main address')).toHaveLength(1);
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const user = userEvent.setup();
    serve([stored({}), stored({ id: 'a2', main: false, fullName: 'Ann Lee' })]);
    renderBook();
    await screen.findByRole('list', { name: 'Saved addresses' });
    const second = cards()[1] as HTMLElement;

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(within(second).getByRole('alert').textContent).toBe('Delete this address? This cannot be undone.');
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Keep it' }));
    await user.click(within(second).getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some(({ method }) => method === 'DELETE')).toBe(false);

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(second).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByText('Address deleted.')).toBeTruthy();
    expect(api.calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      '/address/a2',
    ]);
    expect(cards()).toHaveLength(1);
  });

  it('makes another address main', async () => {
    const user = userEvent.setup();
    serve([stored({}), stored({ id: 'a2', main: false, fullName: 'Ann Lee' })]);
    renderBook();
    await screen.findByRole('list', { name: 'Saved addresses' });
    await user.click(within(cards()[1] as HTMLElement).getByRole('button', { name: 'Make main address' }));
    expect(await screen.findByText('Main address changed.')).toBeTruthy();
    expect(api.calls.at(-2)).toMatchObject({ method: 'POST', path: '/address/a2/main' });
  });
});

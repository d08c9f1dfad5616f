import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CustomerList, customerFilterFrom } from './customer-list';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const mei = {
  id: 'c1',
  email: 'mei@example.com',
  name: 'Mei Tan',
  phoneNumber: '+6591234567',
  status: 'blacklisted',
  createdAt: '2026-11-01T00:00:00.000Z',
  orderCount: 2,
  lastOrderAt: '2026-11-12T09:00:00.000Z',
};

function renderAt(path: string) {
  function Route() {
    const [search] = useSearchParams();
    return <CustomerList filter={customerFilterFrom(search)} page={1} />;
  }
  const Stub = createRoutesStub([{ path: '/admin/customers', Component: Route }]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('CustomerList', () => {
  it('shows each customer with their status and orders, each opening their page', async () => {
    api.respond(() => json(200, { customers: [mei], page: 1, limit: 20, total: 1 }));
    renderAt('/admin/customers');
    const table = await screen.findByRole('table', { name: 'Customers 1 to 1 of 1, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Mei Tanmei@example.com',
      '+65 9123 4567',
      'Blacklisted',
      '01/11/2026',
      '2, last on 12/11/2026',
    ]);
    expect(within(table).getByRole('link', { name: 'Mei Tan' }).getAttribute('href')).toBe(
      '/admin/customers/c1',
    );
    expect(screen.getByText('1 customer found')).toBeTruthy();
  });

  it('searches by keyboard with the filter in the URL, and says when nobody matches', async () => {
    api.respond(() => json(200, { customers: [], page: 1, limit: 20, total: 0 }));
    renderAt('/admin/customers');
    expect(await screen.findByText('Nobody has signed up yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'unverified');
    await user.type(screen.getByLabelText('Email, name or phone'), '100%{Enter}');
    expect(await screen.findByText('No customer matches.')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/admin/customers?page=1&limit=20&q=100%25&status=unverified');
    expect(screen.getByRole('link', { name: 'Show every customer' }).getAttribute('href')).toBe(
      '/admin/customers',
    );
  });

  it('shows the catalogue message of a failure', async () => {
    api.respond(() => json(403, envelope('auth/not_authorized')));
    renderAt('/admin/customers');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^We could not load the customers: /);
  });
});

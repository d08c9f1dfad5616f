import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { anOrderSummary } from '../order-fixtures';
import { StoreOrderList, storeOrderFilterFrom } from './store-order-list';

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

const kenjis = {
  ...anOrderSummary({
    id: 'o2',
    orderRef: 'CB-KENJI234',
    status: 'shipped',
    unreadMessages: 2,
    lineCount: 3,
  }),
  customer: { id: 'u2', email: 'kenji@example.jp', name: 'Kenji Sato' },
};

function renderAt(path: string) {
  function Route() {
    const [search] = useSearchParams();
    return <StoreOrderList filter={storeOrderFilterFrom(search)} page={Number(search.get('page') ?? 1)} />;
  }
  const Stub = createRoutesStub([
    { path: '/admin/orders', Component: Route },
    { path: '/admin/orders/:id', Component: () => <h1>Store order page</h1> },
  ]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('StoreOrderList', () => {
  it('shows each order with its customer, date, status, payment, total and unread messages, linked to its page', async () => {
    api.respond(() => json(200, { orders: [kenjis], page: 1, limit: 20, total: 1 }));
    renderAt('/admin/orders');
    expect(screen.getByRole('status').textContent).toBe('Loading orders…');
    const table = await screen.findByRole('table', { name: 'Orders 1 to 1 of 1, newest first' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('Choose order CB-KENJI234');
    expect(cells[1]?.textContent).toContain('CB-KENJI234');
    expect(cells[1]?.textContent).toContain('Rice cooker and 2 more items');
    expect(cells[1]?.textContent).toContain('2 unread messages');
    expect(cells[2]?.textContent).toBe('Kenji Satokenji@example.jp');
    expect(cells[4]?.textContent).toContain('Shipped');
    await userEvent.setup().click(within(table).getByRole('link', { name: 'CB-KENJI234' }));
    expect(await screen.findByRole('heading', { name: 'Store order page' })).toBeTruthy();
  });

  it('asks for what the filter names, by keyboard, and says when no order matches', async () => {
    api.respond(() => json(200, { orders: [], page: 1, limit: 20, total: 0 }));
    renderAt('/admin/orders');
    expect(await screen.findByText('No orders have been placed yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await user.selectOptions(screen.getByLabelText('Payment'), 'paynow');
    await user.type(screen.getByLabelText('Placed from'), '2026-11-01');
    await user.type(screen.getByLabelText('Reference, email or name'), ' kenji {Enter}');
    expect(await screen.findByText('No order matches.')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe(
      '/admin/orders?page=1&limit=20&status=shipped&paymentMethod=paynow&placedFrom=2026-11-01&q=kenji',
    );
    expect(screen.getByRole('link', { name: 'Show every order' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('reads only the filters it knows from the address', () => {
    const filter = storeOrderFilterFrom(
      new URLSearchParams('status=lost&paymentMethod=card&placedFrom=yesterday&placedTo=2026-11-30&q=%20'),
    );
    expect(filter).toEqual({
      status: null,
      paymentMethod: 'card',
      placedFrom: null,
      placedTo: '2026-11-30',
      q: null,
    });
  });

  it('shows the catalogue message of a failure and loads again on request', async () => {
    api.respond(() => json(400, envelope('general/argument_error')));
    renderAt('/admin/orders');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^We could not load the orders: /);
    api.respond(() => json(200, { orders: [kenjis], page: 1, limit: 20, total: 1 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

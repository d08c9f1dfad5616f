import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { type ApiCall, aProfile, fakeApi, json } from '../../../test-support/fake-api';
import { anOrderSummary } from '../order-fixtures';
import { StoreOrderList } from './store-order-list';

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

const customer = { id: 'u2', email: 'kenji@example.jp', name: 'Kenji Sato' };
const orders = [
  { ...anOrderSummary({ id: 'o1', orderRef: 'CB-AAAA2345', status: 'processing' }), customer },
  { ...anOrderSummary({ id: 'o2', orderRef: 'CB-BBBB2345', status: 'paid' }), customer },
];

function answer(ship: (call: ApiCall) => Response) {
  api.respond((call) => {
    if (call.path === '/admin/carriers') {
      return json(200, {
        carriers: [{ name: 'UPS', trackingUrlTemplate: 'https://ups.example/t/{tracking}' }],
      });
    }
    if (call.path === '/admin/orders/ship') return ship(call);
    return json(200, { orders, page: 1, limit: 20, total: 2 });
  });
}

function renderDesk() {
  const Stub = createRoutesStub([
    {
      path: '/admin/orders',
      Component: () => (
        <StoreOrderList
          filter={{ status: null, paymentMethod: null, placedFrom: null, placedTo: null, q: null }}
          page={1}
        />
      ),
    },
    { path: '/admin/orders/packing-slip', Component: () => <h1>Packing slips</h1> },
  ]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={['/admin/orders']} />
    </ShellQueryProvider>,
  );
}

describe('choosing orders on the desk', () => {
  it('prints the packing slips of the chosen orders', async () => {
    answer(() => json(500, {}));
    renderDesk();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Choose every order on this page'));
    expect(screen.getByRole('heading', { name: '2 orders chosen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print packing slips' }).getAttribute('href')).toBe(
      '/admin/orders/packing-slip?ids=o1,o2',
    );
    await user.click(screen.getByLabelText('Choose order CB-BBBB2345'));
    expect(screen.getByRole('heading', { name: '1 order chosen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the choice' }));
    expect(screen.getByRole('heading', { name: 'No order chosen' })).toBeTruthy();
  });

  it('ships the chosen orders with one carrier and a tracking number each, naming every refusal', async () => {
    answer((call) => {
      const body = call.body as { shipments: { orderId: string }[] };
      return body.shipments.length === 2
        ? json(400, {
            error: { code: 'order/bulk_ship_refused', params: ['1'], message: 'raw server text' },
            refusals: [
              {
                orderId: 'o2',
                orderRef: 'CB-BBBB2345',
                code: 'order/invalid_transition',
                message: 'An order that is paid cannot become shipped',
              },
            ],
          })
        : json(200, {
            orders: [
              {
                id: 'o1',
                orderRef: 'CB-AAAA2345',
                status: 'shipped',
                carrier: 'UPS',
                trackingNumber: '1Z-A',
                trackingUrl: 'x',
              },
            ],
          });
    });
    renderDesk();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Choose order CB-AAAA2345'));
    await user.click(screen.getByLabelText('Choose order CB-BBBB2345'));
    const form = screen.getByRole('form', { name: 'Mark the chosen orders as shipped' });
    await within(form).findByRole('option', { name: 'UPS' });
    await user.selectOptions(within(form).getByLabelText('Carrier'), 'UPS');
    await user.type(within(form).getByLabelText('Tracking number for CB-AAAA2345'), '1Z-A');
    await user.type(within(form).getByLabelText('Tracking number for CB-BBBB2345'), '1Z-B');
    await user.click(within(form).getByRole('button', { name: 'Mark 2 orders as shipped' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was shipped: 1 of the orders cannot be shipped as they are');
    expect(alert.textContent).toContain('CB-BBBB2345: An order that is paid cannot become shipped');
    expect(alert.textContent).not.toContain('order/');
    expect(within(form).getByLabelText('Tracking number for CB-BBBB2345').getAttribute('aria-invalid')).toBe(
      'true',
    );

    await user.click(screen.getByLabelText('Choose order CB-BBBB2345'));
    await user.click(within(form).getByRole('button', { name: 'Mark 1 order as shipped' }));
    expect(
      await screen.findByText('1 order shipped with UPS. Each shopper has been sent their tracking link.'),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      carrier: 'UPS',
      shipments: [{ orderId: 'o1', trackingNumber: '1Z-A' }],
    });
    expect(screen.getByRole('heading', { name: 'No order chosen' })).toBeTruthy();
  });
});

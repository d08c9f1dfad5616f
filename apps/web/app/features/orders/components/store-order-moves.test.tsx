import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { StoreOrderMoves } from './store-order-moves';

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

function renderMoves(status: Parameters<typeof StoreOrderMoves>[0]['status']) {
  render(
    <ShellQueryProvider userId="op">
      <StoreOrderMoves orderId="o1" status={status} />
    </ShellQueryProvider>,
  );
}

describe('StoreOrderMoves', () => {
  it('offers only the moves the lifecycle allows the store from the status', () => {
    renderMoves('paid');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Start processing']);
    cleanup();
    renderMoves('pending_payment');
    expect(screen.queryByRole('heading', { name: 'Move the order on' })).toBeNull();
    cleanup();
    renderMoves('cancelled');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('ships with a carrier of the list and the tracking number, showing refusals on their fields', async () => {
    api.respond((call) => {
      if (call.path === '/admin/carriers') {
        return json(200, {
          carriers: [
            { name: 'SingPost', trackingUrlTemplate: 'https://singpost.example/t?n={tracking}' },
            { name: 'UPS', trackingUrlTemplate: 'https://ups.example/t/{tracking}' },
          ],
        });
      }
      const body = call.body as { trackingNumber?: string; carrier?: string };
      if (!body.carrier) return json(400, envelope('order/invalid_carrier'));
      return body.trackingNumber?.trim()
        ? json(200, {
            status: 'shipped',
            trackingNumber: body.trackingNumber.trim(),
            carrier: body.carrier,
            trackingUrl: 'https://ups.example/t/1Z',
          })
        : json(400, envelope('order/invalid_tracking_number'));
    });
    renderMoves('processing');
    const user = userEvent.setup();
    const carrier = screen.getByLabelText('Carrier');
    await screen.findByRole('option', { name: 'UPS' });
    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText("Please choose one of the store's carriers")).toBeTruthy();
    expect(carrier.getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(carrier, 'UPS');
    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    const field = screen.getByLabelText('Tracking number');
    expect(await screen.findByText('Please enter the tracking number, at most 100 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.type(field, '1Z');
    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('The order is now shipped.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      path: '/admin/orders/o1/status',
      body: { to: 'shipped', carrier: 'UPS', trackingNumber: '1Z' },
    });
  });
});

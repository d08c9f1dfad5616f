import type { OrderRefunds } from '@crossbuy/core/order';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import { StoreOrderCancel } from './store-order-cancel';

const api = fakeApi();
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const unpaid: OrderRefunds = {
  paid: null,
  method: null,
  refunded: sgd(0),
  refundable: sgd(0),
  owedBack: sgd(0),
  refunds: [],
};
const paidBy = (method: 'card' | 'paynow'): OrderRefunds => ({
  ...unpaid,
  paid: sgd(8_000),
  method,
  refundable: sgd(8_000),
});

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

function renderCancel(refunds: OrderRefunds) {
  render(
    <ShellQueryProvider userId="op">
      <StoreOrderCancel orderId="o1" refunds={refunds} />
    </ShellQueryProvider>,
  );
}

async function cancelWith(reason: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Reason/), reason);
  await user.click(screen.getByRole('button', { name: 'Cancel order' }));
  return user;
}

describe('StoreOrderCancel', () => {
  it('cancels an unpaid order after asking, with nothing to give back', async () => {
    api.respond(() => json(200, { status: 'cancelled', refund: null }));
    renderCancel(unpaid);
    const user = await cancelWith('Duplicate order');
    expect(screen.getByRole('alert').textContent).toBe('Cancel this order? This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('The order is cancelled.')).toBeTruthy();
    expect(api.calls.map((call) => call.body)).toEqual([{ reason: 'Duplicate order' }]);
  });

  it("says a card payment goes back to the shopper's card, and that it did", async () => {
    api.respond(() =>
      json(200, {
        status: 'cancelled',
        refund: {
          id: 'r1',
          amount: sgd(8_000),
          method: 'card',
          status: 'succeeded',
          reason: 'Out of stock',
          reference: 're_1',
          failureMessage: null,
          createdAt: '2026-11-28T08:00:00.000Z',
          createdBy: 'operator@example.com',
        },
      }),
    );
    renderCancel(paidBy('card'));
    expect(screen.getByText(/The S\$80\.00 the shopper paid is refunded to their card\./)).toBeTruthy();
    expect(screen.queryByLabelText(/bank transfer/)).toBeNull();
    const user = await cancelWith('Out of stock');
    expect(screen.getByRole('alert').textContent).toBe(
      "Cancel this order and refund S$80.00 to the shopper's card? This cannot be undone.",
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('The order is cancelled and S$80.00 refunded.')).toBeTruthy();
  });

  it('keeps a PayNow payment owed back unless the transfer back is named', async () => {
    api.respond(() => json(200, { status: 'cancelled', refund: null }));
    renderCancel(paidBy('paynow'));
    const user = await cancelWith('Shopper asked by phone');
    expect(screen.getByRole('alert').textContent).toMatch(/listed as owed back to the shopper/);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(
      await screen.findByText('The order is cancelled. S$80.00 is owed back to the shopper.'),
    ).toBeTruthy();
    expect(api.calls.map((call) => call.body)).toEqual([{ reason: 'Shopper asked by phone' }]);
  });

  it('records the transfer back of a PayNow payment when the operator names it', async () => {
    renderCancel(paidBy('paynow'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Reason/), 'Shopper asked by phone');
    await user.type(screen.getByLabelText(/^Reference of your bank transfer/), 'DBS-77');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('alert').textContent).toMatch(/record your bank transfer of S\$80\.00/);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    await expect
      .poll(() => api.calls.map((call) => call.body))
      .toEqual([{ reason: 'Shopper asked by phone', reference: 'DBS-77' }]);
  });

  it('asks for a reason before anything else', async () => {
    renderCancel(unpaid);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText('Please give a reason of 1 to 500 characters')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

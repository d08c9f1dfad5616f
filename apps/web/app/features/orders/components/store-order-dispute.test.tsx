import type { OrderRefunds } from '@crossbuy/core/order';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import { StoreOrderDispute } from './store-order-dispute';

const api = fakeApi();
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const paidByCard: OrderRefunds = {
  paid: sgd(6_000),
  method: 'card',
  refunded: sgd(0),
  refundable: sgd(6_000),
  owedBack: { amountMinor: 0, currency: 'SGD' },
  refunds: [],
};

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

function renderDispute() {
  render(
    <ShellQueryProvider userId="op">
      <StoreOrderDispute orderId="o1" reason="The parcel never came" refunds={paidByCard} />
    </ShellQueryProvider>,
  );
}

describe('StoreOrderDispute', () => {
  it("shows the shopper's reason and asks for a note before asking anything", async () => {
    renderDispute();
    expect(screen.getByText('The parcel never came')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Settle the dispute' }));
    expect(await screen.findByText('Please write a note of 1 to 1000 characters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, settle it' })).toBeNull();
  });

  it('settles with the chosen outcome, the note and a refund no larger than remains', async () => {
    api.respond(() => json(200, { status: 'cancelled', refund: null }));
    renderDispute();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('How it is settled'), 'cancelled');
    await user.type(screen.getByLabelText('Note to the shopper'), 'Lost by the carrier');
    await user.click(screen.getByLabelText('Refund the shopper too'));
    const amount = screen.getByLabelText(/^Refund amount \(SGD\)/);
    expect((amount as HTMLInputElement).value).toBe('60.00');
    await user.clear(amount);
    await user.type(amount, '60.01');
    await user.click(screen.getByRole('button', { name: 'Settle the dispute' }));
    expect(
      await screen.findByText('A refund cannot be more than what remains of the payment (S$60.00)'),
    ).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(screen.getByRole('button', { name: 'Settle the dispute' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Cancel the order, refunding S$60.00? This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, settle it' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/admin/orders/o1/dispute/resolve',
        { outcome: 'cancelled', note: 'Lost by the carrier', refund: { amount: sgd(6_000) } },
      ],
    ]);
  });
});

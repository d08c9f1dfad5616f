import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { StoreOrderPaynow } from './store-order-paynow';

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

function renderPaynow(cancelled = false) {
  render(
    <ShellQueryProvider userId="op">
      <StoreOrderPaynow
        orderId="o1"
        orderRef="CB-ABCD2345"
        total={{ amountMinor: 12_345, currency: 'SGD' }}
        cancelled={cancelled}
      />
    </ShellQueryProvider>,
  );
}

describe('StoreOrderPaynow', () => {
  it('asks whether the amount and reference arrived before confirming, and sends nothing on Not yet', async () => {
    renderPaynow();
    const user = userEvent.setup();
    expect(screen.getByText(/transfer of S\$123\.45 with the reference CB-ABCD2345/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm the transfer arrived' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Has S$123.45 with the reference CB-ABCD2345 arrived in the store's account?",
    );
    expect(document.activeElement?.textContent).toBe('Not yet');
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(api.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm the transfer arrived' }));
    await user.click(screen.getByRole('button', { name: 'Yes, it has arrived' }));
    await expect
      .poll(() => api.calls.at(-1))
      .toMatchObject({
        method: 'POST',
        path: '/admin/orders/o1/confirm_paynow',
      });
  });

  it('shows the catalogue message when the order can no longer be paid', async () => {
    api.respond(() => json(400, envelope('payment/not_payable')));
    renderPaynow();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm the transfer arrived' }));
    await user.click(screen.getByRole('button', { name: 'Yes, it has arrived' }));
    expect(await screen.findByText('This order is no longer waiting for payment')).toBeTruthy();
  });

  it('records a transfer that arrived after the order was cancelled, saying it is then owed back', async () => {
    renderPaynow(true);
    const user = userEvent.setup();
    expect(screen.getByText(/listed as owed back to the shopper, for you to return/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record a transfer that arrived' }));
    await user.click(screen.getByRole('button', { name: 'Yes, it has arrived' }));
    await expect.poll(() => api.calls.at(-1)).toMatchObject({ path: '/admin/orders/o1/confirm_paynow' });
  });
});

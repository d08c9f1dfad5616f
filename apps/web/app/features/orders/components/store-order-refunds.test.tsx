import type { OrderRefunds } from '@crossbuy/core/order';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { StoreOrderRefunds } from './store-order-refunds';

const api = fakeApi();
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const paidByPaynow: OrderRefunds = {
  paid: sgd(10_000),
  method: 'paynow',
  refunded: sgd(2_500),
  refundable: sgd(7_500),
  owedBack: sgd(0),
  refunds: [
    {
      id: 'r1',
      amount: sgd(2_500),
      method: 'paynow',
      status: 'succeeded',
      reason: 'One mug arrived broken',
      reference: 'DBS-1',
      failureMessage: null,
      createdAt: '2026-11-20T08:00:00.000Z',
      createdBy: 'operator@example.com',
    },
  ],
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

function renderRefunds(refunds: OrderRefunds) {
  render(
    <ShellQueryProvider userId="op">
      <StoreOrderRefunds orderId="o1" refunds={refunds} />
    </ShellQueryProvider>,
  );
}

describe('StoreOrderRefunds', () => {
  it('shows the refunds made and what remains, with the amount prefilled with what remains', () => {
    renderRefunds(paidByPaynow);
    expect(screen.getByTestId('refundable').textContent).toBe('S$75.00');
    expect(screen.getByRole('list', { name: 'Refunds made' }).textContent).toContain(
      'One mug arrived broken',
    );
    expect((screen.getByLabelText(/^Amount \(SGD\)/) as HTMLInputElement).value).toBe('75.00');
  });

  it('says so and asks nothing when the refund is more than remains or lacks its reason and reference', async () => {
    renderRefunds(paidByPaynow);
    const user = userEvent.setup();
    const amount = screen.getByLabelText(/^Amount \(SGD\)/);
    await user.clear(amount);
    await user.type(amount, '75.01');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('A refund cannot be more than what remains of the payment (S$75.00)'),
    ).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please give a reason of 1 to 500 characters')).toBeTruthy();
    expect(screen.getByText('Please enter the bank transfer reference, at most 100 characters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, refund' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('asks first, then records the refund and says so', async () => {
    api.respond((call) =>
      json(200, {
        refund: { ...paidByPaynow.refunds[0], id: 'r2', amount: (call.body as { amount: unknown }).amount },
      }),
    );
    renderRefunds(paidByPaynow);
    const user = userEvent.setup();
    const amount = screen.getByLabelText(/^Amount \(SGD\)/);
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(screen.getByLabelText(/^Bank transfer reference/), 'DBS-2');
    await user.type(screen.getByLabelText(/^Reason/), 'Late delivery');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Refund S$20.00 to the shopper? This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('Refunded S$20.00.')).toBeTruthy();
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/admin/orders/o1/refunds',
        { amount: sgd(2_000), reason: 'Late delivery', reference: 'DBS-2' },
      ],
    ]);
  });

  it("puts the server's refusal beside the field it is about", async () => {
    api.respond(() => json(400, envelope('order/refund_exceeds_paid', ['S$10.00'])));
    renderRefunds(paidByPaynow);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Bank transfer reference/), 'DBS-2');
    await user.type(screen.getByLabelText(/^Reason/), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    expect(
      await screen.findByText('A refund cannot be more than what remains of the payment (S$10.00)'),
    ).toBeTruthy();
  });

  it('says first what a cancelled order still owes the shopper, with the refund ready to send', async () => {
    api.respond((call) =>
      json(200, {
        refund: { ...paidByPaynow.refunds[0], id: 'r3', amount: (call.body as { amount: unknown }).amount },
      }),
    );
    renderRefunds({
      ...paidByPaynow,
      refunded: sgd(0),
      refundable: sgd(10_000),
      owedBack: sgd(10_000),
      refunds: [],
    });
    const user = userEvent.setup();
    expect(screen.getByText(/still holds S\$100\.00 of the shopper’s money/)).toBeTruthy();
    expect(screen.getByTestId('owed-back').textContent).toBe('S$100.00');
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('100.00');
    expect((screen.getByLabelText(/^Reason/) as HTMLInputElement).value).toBe('The order was cancelled');
    await user.type(screen.getByLabelText(/^Bank transfer reference/), 'DBS-991');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('Refunded S$100.00.')).toBeTruthy();
    expect(api.calls.map((call) => call.body)).toEqual([
      { amount: sgd(10_000), reason: 'The order was cancelled', reference: 'DBS-991' },
    ]);
  });

  it('has nothing to refund before the order is paid, and nothing more once all is refunded', () => {
    renderRefunds({
      paid: null,
      method: null,
      refunded: sgd(0),
      refundable: sgd(0),
      owedBack: sgd(0),
      refunds: [],
    });
    expect(screen.getByText(/nothing to refund/)).toBeTruthy();
    cleanup();
    renderRefunds({ ...paidByPaynow, refunded: sgd(10_000), refundable: sgd(0) });
    expect(screen.getByText('Everything paid has been refunded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});

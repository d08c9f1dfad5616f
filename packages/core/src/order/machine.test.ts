import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_ATTEMPT_GRACE_MINUTES,
  cardAttemptIsStale,
  decideOrder,
  EMPTY_LEDGER,
  heldMinor,
  type OrderCommand,
  type OrderSnapshot,
  owedBackMinor,
  STORE_NEXT_MOVE,
} from './machine.js';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus, PAYMENT_METHODS } from './rules.js';

const DUE = new Date('2026-11-28T10:00:00Z');

const order = (overrides: Partial<OrderSnapshot> = {}): OrderSnapshot => ({
  status: 'pending_payment',
  method: 'card',
  totalMinor: 12_345,
  currency: 'SGD',
  paymentDueAt: DUE,
  paynowMarked: false,
  cardAttemptActiveAt: null,
  ledger: EMPTY_LEDGER,
  ...overrides,
});

const paid = (overrides: Partial<OrderSnapshot> = {}) =>
  order({ status: 'paid', ledger: { ...EMPTY_LEDGER, receivedMinor: 12_345 }, ...overrides });

const refusalOf = (snapshot: OrderSnapshot, command: OrderCommand) => {
  const decision = decideOrder(snapshot, command);
  return decision.ok ? null : decision.refusal;
};

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

describe('the order machine: paying', () => {
  it('lets a payment start only on an unpaid order of its method', () => {
    expect(decideOrder(order(), { kind: 'start_payment', method: 'card' })).toMatchObject({
      ok: true,
      to: null,
    });
    expect(refusalOf(order(), { kind: 'start_payment', method: 'test_card' })).toBe('payment/wrong_method');
    expect(refusalOf(paid(), { kind: 'start_payment', method: 'card' })).toBe('payment/not_payable');
    expect(refusalOf(order({ status: 'cancelled' }), { kind: 'start_payment', method: 'card' })).toBe(
      'payment/not_payable',
    );
  });

  it('pays an unpaid order with its total once, and owes back money the order no longer wants', () => {
    const receive = (amountMinor: number, alreadyRecorded = false): OrderCommand => ({
      kind: 'receive_payment',
      amount: sgd(amountMinor),
      alreadyRecorded,
    });
    expect(decideOrder(order(), receive(12_345))).toEqual({
      ok: true,
      to: 'paid',
      payment: 'pays_order',
      refundRemaining: false,
    });
    expect(decideOrder(order(), receive(12_345, true))).toMatchObject({ to: null, payment: 'duplicate' });
    for (const status of ['cancelled', 'paid', 'shipped', 'disputed'] as const) {
      expect(decideOrder(order({ status }), receive(12_345))).toMatchObject({
        to: null,
        payment: 'refund_due',
      });
    }
    expect(decideOrder(order(), receive(12_344))).toMatchObject({ to: null, payment: 'refund_due' });
    expect(
      decideOrder(order(), {
        kind: 'receive_payment',
        amount: { amountMinor: 12_345, currency: 'MYR' },
        alreadyRecorded: false,
      }),
    ).toMatchObject({ payment: 'refund_due' });
  });

  it('confirms a PayNow transfer once; one confirmed for a cancelled order is owed back', () => {
    const paynow = order({ method: 'paynow', paynowMarked: true });
    expect(decideOrder(paynow, { kind: 'confirm_paynow' })).toMatchObject({
      to: 'paid',
      payment: 'pays_order',
    });
    expect(
      refusalOf(
        { ...paynow, status: 'paid', ledger: { ...EMPTY_LEDGER, receivedMinor: 12_345 } },
        { kind: 'confirm_paynow' },
      ),
    ).toBe('payment/not_payable');
    expect(decideOrder({ ...paynow, status: 'cancelled' }, { kind: 'confirm_paynow' })).toMatchObject({
      to: null,
      payment: 'refund_due',
    });
    expect(refusalOf(order(), { kind: 'confirm_paynow' })).toBe('payment/wrong_method');
  });
});

describe('the order machine: cancelling and expiry', () => {
  it('refuses the shopper and expiry while a payment is in flight, and the store while a card payment is', () => {
    const marked = order({ method: 'paynow', paynowMarked: true });
    const carding = order({ cardAttemptActiveAt: new Date(DUE.getTime() - 60_000) });
    const after = new Date(DUE.getTime() + 60_000);
    for (const snapshot of [marked, carding]) {
      expect(refusalOf(snapshot, { kind: 'cancel', by: 'shopper' })).toBe('order/payment_in_progress');
      expect(refusalOf(snapshot, { kind: 'expire', now: after })).toBe('order/payment_in_progress');
    }
    expect(decideOrder(marked, { kind: 'cancel', by: 'store' })).toMatchObject({ to: 'cancelled' });
    expect(refusalOf(carding, { kind: 'cancel', by: 'store' })).toBe('order/payment_in_progress');
  });

  it('expires an unpaid order only once its time is up', () => {
    expect(refusalOf(order(), { kind: 'expire', now: new Date(DUE.getTime() - 1) })).toBe('order/not_due');
    expect(decideOrder(order(), { kind: 'expire', now: DUE })).toMatchObject({ to: 'cancelled' });
    expect(refusalOf(paid(), { kind: 'expire', now: DUE })).toBe('order/invalid_transition');
  });

  it('lets the shopper cancel only an unpaid order, and the store anything not yet shipped', () => {
    expect(refusalOf(paid(), { kind: 'cancel', by: 'shopper' })).toBe('order/not_cancellable');
    for (const status of ['pending_payment', 'paid', 'processing'] as const) {
      expect(decideOrder(order({ status }), { kind: 'cancel', by: 'store' })).toMatchObject({
        to: 'cancelled',
      });
    }
    for (const status of ['shipped', 'delivered', 'completed', 'cancelled', 'disputed'] as const) {
      expect(refusalOf(order({ status }), { kind: 'cancel', by: 'store' })).toBe('order/invalid_transition');
    }
  });

  it('gives back what a cancelled order holds', () => {
    expect(decideOrder(paid(), { kind: 'cancel', by: 'store' })).toMatchObject({ refundRemaining: true });
    const refundedAlready = paid({
      ledger: { ...EMPTY_LEDGER, receivedMinor: 12_345, refundedMinor: 12_345 },
    });
    expect(decideOrder(refundedAlready, { kind: 'cancel', by: 'store' })).toMatchObject({
      refundRemaining: false,
    });
    expect(
      decideOrder(order({ status: 'disputed', ledger: paid().ledger }), {
        kind: 'resolve_dispute',
        outcome: 'cancelled',
      }),
    ).toMatchObject({
      to: 'cancelled',
      refundRemaining: true,
    });
  });

  it('leaves a card payment at the bank to the shopper for the grace period', () => {
    const started = new Date('2026-11-28T10:00:00Z');
    expect(cardAttemptIsStale(started, new Date(started.getTime() + 60_000))).toBe(false);
    expect(
      cardAttemptIsStale(started, new Date(started.getTime() + CARD_ATTEMPT_GRACE_MINUTES * 60_000)),
    ).toBe(true);
  });
});

describe('the order machine: refunds, fulfilment, receipt and disputes', () => {
  it('refunds no more than the order holds, in its currency, one card refund at a time', () => {
    const ledger = { ...EMPTY_LEDGER, receivedMinor: 10_000, refundedMinor: 2_000, refundingMinor: 1_000 };
    expect(decideOrder(paid({ ledger }), { kind: 'refund', amount: sgd(7_000) })).toMatchObject({ ok: true });
    expect(decideOrder(paid({ ledger }), { kind: 'refund', amount: sgd(7_001) })).toEqual({
      ok: false,
      refusal: 'order/refund_exceeds_paid',
      params: ['S$70.00'],
    });
    expect(refusalOf(paid({ ledger }), { kind: 'refund', amount: { amountMinor: 1, currency: 'MYR' } })).toBe(
      'order/refund_wrong_currency',
    );
    expect(refusalOf(order(), { kind: 'refund', amount: sgd(1) })).toBe('order/not_refundable');
    expect(
      refusalOf(paid({ ledger: { ...ledger, cardRefundPending: true } }), { kind: 'refund', amount: sgd(1) }),
    ).toBe('order/refund_in_progress');
    // Money that arrived for a cancelled order is refundable like any other.
    expect(
      decideOrder(order({ status: 'cancelled', ledger }), { kind: 'refund', amount: sgd(7_000) }),
    ).toMatchObject({ ok: true });
  });

  it('moves the store along the fulfilment one step at a time', () => {
    expect(decideOrder(paid(), { kind: 'advance', to: 'processing' })).toMatchObject({ to: 'processing' });
    expect(refusalOf(paid(), { kind: 'advance', to: 'shipped' })).toBe('order/invalid_transition');
    expect(refusalOf(order({ status: 'disputed' }), { kind: 'advance', to: 'processing' })).toBe(
      'order/invalid_transition',
    );
    expect(refusalOf(order(), { kind: 'advance', to: 'processing' })).toBe('order/invalid_transition');
  });

  it('confirms receipt of a shipped or a delivered order', () => {
    expect(decideOrder(order({ status: 'shipped' }), { kind: 'confirm_receipt' })).toMatchObject({
      to: 'completed',
    });
    expect(decideOrder(order({ status: 'delivered' }), { kind: 'confirm_receipt' })).toMatchObject({
      to: 'completed',
    });
    expect(refusalOf(paid(), { kind: 'confirm_receipt' })).toBe('order/not_receivable');
  });

  it('opens a dispute on a paid order and settles only an open one', () => {
    expect(decideOrder(paid(), { kind: 'open_dispute' })).toMatchObject({ to: 'disputed' });
    expect(refusalOf(order(), { kind: 'open_dispute' })).toBe('order/not_disputable');
    expect(refusalOf(paid(), { kind: 'resolve_dispute', outcome: 'completed' })).toBe('order/not_disputed');
  });
});

describe('the order machine: properties', () => {
  const ledgerArbitrary = fc
    .record({
      receivedMinor: fc.integer({ min: 0, max: 1_000_000 }),
      refundedShare: fc.integer({ min: 0, max: 100 }),
      refundingShare: fc.integer({ min: 0, max: 100 }),
      cardRefundPending: fc.boolean(),
    })
    .map(({ receivedMinor, refundedShare, refundingShare, cardRefundPending }) => {
      const refundedMinor = Math.floor((receivedMinor * refundedShare) / 100);
      const refundingMinor = Math.floor(((receivedMinor - refundedMinor) * refundingShare) / 100);
      return { receivedMinor, refundedMinor, refundingMinor, cardRefundPending };
    });
  const snapshotArbitrary: fc.Arbitrary<OrderSnapshot> = fc.record({
    status: fc.constantFrom(...ORDER_STATUSES),
    method: fc.constantFrom(...PAYMENT_METHODS),
    totalMinor: fc.integer({ min: 0, max: 99_999_999 }),
    currency: fc.constantFrom('SGD' as const, 'MYR' as const),
    paymentDueAt: fc.constant(DUE),
    paynowMarked: fc.boolean(),
    cardAttemptActiveAt: fc.option(fc.constant(DUE), { nil: null }),
    ledger: ledgerArbitrary,
  });
  const commandArbitrary: fc.Arbitrary<OrderCommand> = fc.oneof(
    fc.record({ kind: fc.constant('start_payment' as const), method: fc.constantFrom(...PAYMENT_METHODS) }),
    fc.record({
      kind: fc.constant('receive_payment' as const),
      amount: fc.record({
        amountMinor: fc.integer({ min: 0, max: 99_999_999 }),
        currency: fc.constantFrom('SGD' as const, 'MYR' as const),
      }),
      alreadyRecorded: fc.boolean(),
    }),
    fc.constant({ kind: 'mark_paynow_sent' as const }),
    fc.constant({ kind: 'confirm_paynow' as const }),
    fc.record({
      kind: fc.constant('cancel' as const),
      by: fc.constantFrom('shopper' as const, 'store' as const),
    }),
    fc.record({
      kind: fc.constant('expire' as const),
      now: fc.date({
        min: new Date(DUE.getTime() - 3_600_000),
        max: new Date(DUE.getTime() + 3_600_000),
        noInvalidDate: true,
      }),
    }),
    fc.record({
      kind: fc.constant('refund' as const),
      amount: fc.record({
        amountMinor: fc.integer({ min: -10, max: 2_000_000 }),
        currency: fc.constantFrom('SGD' as const, 'MYR' as const),
      }),
    }),
    fc.record({
      kind: fc.constant('advance' as const),
      to: fc.constantFrom(
        'processing' as const,
        'shipped' as const,
        'delivered' as const,
        'completed' as const,
      ),
    }),
    fc.constant({ kind: 'confirm_receipt' as const }),
    fc.constant({ kind: 'open_dispute' as const }),
    fc.record({
      kind: fc.constant('resolve_dispute' as const),
      outcome: fc.constantFrom('processing' as const, 'completed' as const, 'cancelled' as const),
    }),
  );

  it('moves only along the order graph, and never out of cancelled', () => {
    fc.assert(
      fc.property(snapshotArbitrary, commandArbitrary, (snapshot, command) => {
        const decision = decideOrder(snapshot, command);
        if (!decision.ok || decision.to === null) return;
        expect(ORDER_TRANSITIONS[snapshot.status]).toContain(decision.to);
        expect(snapshot.status).not.toBe('cancelled');
      }),
      { seed: 20261128, numRuns: 5_000 },
    );
  });

  it('never cancels an order holding money without giving it back, and never pays a closed one', () => {
    fc.assert(
      fc.property(snapshotArbitrary, commandArbitrary, (snapshot, command) => {
        const decision = decideOrder(snapshot, command);
        if (!decision.ok) return;
        if (decision.to === 'cancelled')
          expect(decision.refundRemaining).toBe(heldMinor(snapshot.ledger) > 0);
        if (decision.payment === 'pays_order') {
          expect(snapshot.status).toBe('pending_payment');
          expect(decision.to).toBe('paid');
        }
        if (decision.to === 'paid') expect(decision.payment).toBe('pays_order');
      }),
      { seed: 20261128, numRuns: 5_000 },
    );
  });

  it('allows a refund only within what the order holds', () => {
    fc.assert(
      fc.property(snapshotArbitrary, fc.integer({ min: 1, max: 2_000_000 }), (snapshot, amountMinor) => {
        const decision = decideOrder(snapshot, {
          kind: 'refund',
          amount: { amountMinor, currency: snapshot.currency },
        });
        if (decision.ok) expect(amountMinor).toBeLessThanOrEqual(heldMinor(snapshot.ledger));
      }),
      { seed: 20261128, numRuns: 5_000 },
    );
  });

  it('owes back exactly what a cancelled order holds, and nothing for an open one', () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        const owed = owedBackMinor(snapshot);
        expect(owed).toBe(snapshot.status === 'cancelled' ? heldMinor(snapshot.ledger) : 0);
        const { receivedMinor, refundedMinor, refundingMinor } = snapshot.ledger;
        const kept = snapshot.status === 'cancelled' ? 0 : heldMinor(snapshot.ledger);
        expect(receivedMinor).toBe(kept + refundedMinor + refundingMinor + owed);
      }),
      { seed: 20261128, numRuns: 2_000 },
    );
  });

  it('moves the store on only one fulfilment step at a time', () => {
    for (const status of ORDER_STATUSES) {
      const next = STORE_NEXT_MOVE[status as OrderStatus];
      if (next) expect(ORDER_TRANSITIONS[status]).toContain(next);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  disputeResolutionSchema,
  refundableMinor,
  refundRefusal,
  refundRequestSchema,
  storeCancelRequestSchema,
} from './refunds.js';

describe('refundableMinor', () => {
  it('is the payment less what was refunded and what is still with the provider', () => {
    expect(refundableMinor(10_000, [])).toBe(10_000);
    expect(
      refundableMinor(10_000, [
        { amountMinor: 2_500, status: 'succeeded' },
        { amountMinor: 1_000, status: 'pending' },
      ]),
    ).toBe(6_500);
  });

  it('gives back what a refused refund held', () => {
    expect(
      refundableMinor(10_000, [
        { amountMinor: 10_000, status: 'failed' },
        { amountMinor: 4_000, status: 'succeeded' },
      ]),
    ).toBe(6_000);
  });

  it('never goes below zero', () => {
    expect(refundableMinor(1_000, [{ amountMinor: 1_000, status: 'succeeded' }])).toBe(0);
    expect(refundableMinor(1_000, [{ amountMinor: 1_500, status: 'succeeded' }])).toBe(0);
  });
});

describe('refundRefusal', () => {
  const payment = { currency: 'SGD' as const, refundableMinor: 5_000 };

  it('allows a partial refund and one of everything that remains', () => {
    expect(refundRefusal({ amountMinor: 1, currency: 'SGD' }, payment)).toBeNull();
    expect(refundRefusal({ amountMinor: 5_000, currency: 'SGD' }, payment)).toBeNull();
  });

  it('refuses more than remains, nothing, less than nothing and another currency', () => {
    expect(refundRefusal({ amountMinor: 5_001, currency: 'SGD' }, payment)).toBe('order/refund_exceeds_paid');
    expect(refundRefusal({ amountMinor: 0, currency: 'SGD' }, payment)).toBe('order/invalid_refund_amount');
    expect(refundRefusal({ amountMinor: -100, currency: 'SGD' }, payment)).toBe(
      'order/invalid_refund_amount',
    );
    expect(refundRefusal({ amountMinor: 100, currency: 'JPY' }, payment)).toBe('order/refund_wrong_currency');
  });

  it('refuses any refund once everything was refunded', () => {
    expect(refundRefusal({ amountMinor: 1, currency: 'SGD' }, { ...payment, refundableMinor: 0 })).toBe(
      'order/refund_exceeds_paid',
    );
  });
});

describe('the refund, cancel and dispute requests', () => {
  const codesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('take an amount as money, a reason and an optional reference, trimmed', () => {
    expect(
      refundRequestSchema.parse({
        amount: { amountMinor: 1_200, currency: 'SGD' },
        reason: ' Damaged in transit ',
        reference: ' TRX-1 ',
      }),
    ).toEqual({
      amount: { amountMinor: 1_200, currency: 'SGD' },
      reason: 'Damaged in transit',
      reference: 'TRX-1',
    });
  });

  it('name what is wrong with catalogue codes', () => {
    expect(
      codesOf(refundRequestSchema.safeParse({ amount: { amountMinor: 1.5, currency: 'SGD' }, reason: 'x' })),
    ).toEqual(['order/invalid_refund_amount']);
    expect(
      codesOf(refundRequestSchema.safeParse({ amount: { amountMinor: 100, currency: 'XYZ' }, reason: 'x' })),
    ).toEqual(['order/refund_wrong_currency']);
    expect(
      codesOf(refundRequestSchema.safeParse({ amount: { amountMinor: 100, currency: 'SGD' }, reason: '  ' })),
    ).toEqual(['order/invalid_refund_reason']);
    expect(codesOf(storeCancelRequestSchema.safeParse({ reason: 'Out of stock', reference: '' }))).toEqual([
      'order/invalid_refund_reference',
    ]);
    expect(codesOf(disputeResolutionSchema.safeParse({ outcome: 'shipped', note: 'x' }))).toEqual([
      'order/invalid_dispute_outcome',
    ]);
  });
});

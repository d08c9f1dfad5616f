import { describe, expect, it } from 'vitest';
import type { CurrencyCode, Money } from '../money/index.js';
import {
  type CostInput,
  canMoveOrder,
  computeCosts,
  normaliseVoucherCode,
  ORDER_REF_PATTERN,
  ORDER_STATUSES,
  orderReference,
  type ShippingRule,
  shippingFee,
  taxAmount,
  voucherDiscount,
  voucherRefusal,
} from './index.js';

const m = (amountMinor: number, currency: CurrencyCode = 'SGD'): Money => ({ amountMinor, currency });

const baseInput = (overrides: Partial<CostInput> = {}): CostInput => ({
  currency: 'SGD',
  rateFromBase: '1',
  lines: [{ unitPrice: m(1990), quantity: 2, weightGrams: 500, originCountry: 'JP' }],
  shipping: null,
  tax: null,
  voucher: null,
  paymentFeePercent: '0',
  ...overrides,
});

const byWeight: ShippingRule = {
  originCountry: null,
  method: 'by_weight',
  baseFee: m(500),
  stepFee: m(150),
  stepGrams: 500,
  freeAbove: m(15_000),
};
const fromJapan: ShippingRule = {
  originCountry: 'JP',
  method: 'per_item',
  baseFee: m(300),
  stepFee: m(100),
  stepGrams: null,
  freeAbove: m(10_000),
};

describe('order costs', () => {
  it('adds up exactly the rounded components it shows', () => {
    const costs = computeCosts(
      baseInput({
        shipping: { destination: 'Singapore', rules: [byWeight, fromJapan] },
        tax: { name: 'GST', ratePercent: '9', inclusive: false },
        paymentFeePercent: '3',
      }),
    );
    // Fee: 3% of 44.80 = 1.344 -> 1.34; GST: 9% of 46.14 = 4.1526 -> 4.15.
    expect(costs).toMatchObject({
      subtotal: m(3980),
      shippingFee: m(500),
      paymentFee: m(134),
      tax: { amount: m(415), inclusive: false },
      total: m(5029),
    });
  });

  it('rounds half to even once, at the order level, not per line', () => {
    // Three lines of 0.05 at 10% tax: per line 0.005 would round to 0.00 three times; once it is 0.015 -> 0.02.
    const lines = [1, 2, 3].map(() => ({
      unitPrice: m(5),
      quantity: 1,
      weightGrams: 1,
      originCountry: null,
    }));
    const costs = computeCosts(
      baseInput({ lines, tax: { name: 'VAT', ratePercent: '10', inclusive: false } }),
    );
    expect(costs.tax?.amount).toEqual(m(2));
    // 0.25 at 10% = 0.025 -> 0.02 (half to even), 0.35 at 10% = 0.035 -> 0.04.
    expect(taxAmount({ name: 'VAT', ratePercent: '10', inclusive: false }, m(25))).toEqual(m(2));
    expect(taxAmount({ name: 'VAT', ratePercent: '10', inclusive: false }, m(35))).toEqual(m(4));
  });

  it('keeps yen whole: base-currency fees convert once to whole yen', () => {
    const costs = computeCosts(
      baseInput({
        currency: 'JPY',
        rateFromBase: '112.35',
        lines: [{ unitPrice: m(2236, 'JPY'), quantity: 3, weightGrams: 400, originCountry: 'US' }],
        shipping: { destination: 'Singapore', rules: [byWeight] },
        tax: { name: 'GST', ratePercent: '9', inclusive: false },
      }),
    );
    // Delivery S$5 + 3 steps of S$1.50 = S$9.50 -> 1067.325 yen -> 1067.
    expect(costs.shippingFee).toEqual(m(1067, 'JPY'));
    // GST 9% of 7775 yen = 699.75 -> 700.
    expect(costs.tax?.amount).toEqual(m(700, 'JPY'));
    expect(costs.total).toEqual(m(6708 + 1067 + 700, 'JPY'));
  });

  it('taxes the total after the discount, and shows included tax without adding it', () => {
    const voucher = {
      code: 'TEN',
      kind: 'percent' as const,
      percentOff: '10',
      amountOff: null,
      maxDiscount: null,
      minSpend: m(0),
    };
    const added = computeCosts(
      baseInput({ voucher, tax: { name: 'GST', ratePercent: '9', inclusive: false } }),
    );
    expect(added.discount).toEqual(m(398));
    // 9% of 35.82 = 3.2238 -> 3.22.
    expect(added.tax?.amount).toEqual(m(322));
    expect(added.total).toEqual(m(3582 + 322));

    const included = computeCosts(
      baseInput({ voucher, tax: { name: 'GST', ratePercent: '9', inclusive: true } }),
    );
    // 35.82 x 9/109 = 2.9576 -> 2.96, already inside the price.
    expect(included.tax?.amount).toEqual(m(296));
    expect(included.total).toEqual(m(3582));
  });

  it('caps a percentage voucher, never takes more than the subtotal, and says when the minimum is not met', () => {
    const terms = {
      code: 'BIG',
      kind: 'percent' as const,
      percentOff: '50',
      amountOff: null,
      maxDiscount: m(1000),
      minSpend: m(3000),
    };
    expect(voucherDiscount(terms, m(3980), '1')).toEqual({ discount: m(1000) });
    expect(voucherDiscount(terms, m(2999), '1')).toEqual({
      refusal: { code: 'voucher/minimum_not_met', params: ['S$30.00'] },
    });
    const fixed = {
      ...terms,
      kind: 'fixed' as const,
      percentOff: null,
      amountOff: m(5000),
      maxDiscount: null,
      minSpend: m(0),
    };
    expect(voucherDiscount(fixed, m(3980), '1')).toEqual({ discount: m(3980) });
    // A fixed S$5 in Malaysia is RM 17.44 (5 x 3.4875 = 17.4375, half-even).
    expect(voucherDiscount({ ...fixed, amountOff: m(500) }, m(10_000, 'MYR'), '3.4875')).toEqual({
      discount: m(1744, 'MYR'),
    });
  });

  it('prices delivery by the most specific rule per origin, and ships a group free from its threshold', () => {
    const lines = [
      { unitPrice: m(1990), quantity: 2, weightGrams: 500, originCountry: 'JP' },
      { unitPrice: m(5900), quantity: 1, weightGrams: 1200, originCountry: 'US' },
    ];
    // Japan: S$3 + 2 x S$1; elsewhere: S$5 + 3 started 500 g x S$1.50.
    expect(
      shippingFee(lines, { destination: 'Singapore', rules: [byWeight, fromJapan] }, 'SGD', '1'),
    ).toEqual({
      fee: m(500 + 950),
    });
    const rich = [{ unitPrice: m(12_000), quantity: 1, weightGrams: 500, originCountry: 'JP' }];
    expect(shippingFee(rich, { destination: 'Singapore', rules: [fromJapan] }, 'SGD', '1')).toEqual({
      fee: m(0),
    });
    expect(shippingFee(lines, { destination: 'Japan', rules: [] }, 'SGD', '1')).toEqual({
      refusal: { code: 'checkout/shipping_unavailable', params: ['Japan'] },
    });
    expect(shippingFee(lines, { destination: 'Singapore', rules: [fromJapan] }, 'SGD', '1')).toMatchObject({
      refusal: { code: 'checkout/shipping_unavailable' },
    });
  });
});

describe('vouchers', () => {
  const live = {
    active: true,
    startsAt: null,
    endsAt: null,
    regions: [],
    paymentMethods: [],
    totalLimit: null,
    redeemedCount: 0,
    perUserLimit: null,
    redeemedByUser: 0,
  };
  const use = {
    now: new Date('2026-11-23T00:00:00Z'),
    regionCountryCode: 'SG',
    paymentMethod: 'card' as const,
  };

  it('gives the first reason a voucher cannot be used', () => {
    expect(voucherRefusal(live, use)).toBeNull();
    expect(voucherRefusal({ ...live, active: false }, use)?.code).toBe('voucher/unknown');
    // 20:00 UTC on 30 November is already 1 December in Singapore, the day the shopper is told.
    expect(voucherRefusal({ ...live, startsAt: new Date('2026-11-30T20:00:00Z') }, use)).toEqual({
      code: 'voucher/not_yet_valid',
      params: ['01/12/2026'],
    });
    expect(voucherRefusal({ ...live, endsAt: use.now }, use)?.code).toBe('voucher/expired');
    expect(voucherRefusal({ ...live, regions: ['MY', 'JP'] }, use)).toEqual({
      code: 'voucher/wrong_region',
      params: ['MY, JP'],
    });
    expect(voucherRefusal({ ...live, paymentMethods: ['paynow'] }, use)).toEqual({
      code: 'voucher/wrong_payment_method',
      params: ['PayNow'],
    });
    expect(voucherRefusal({ ...live, paymentMethods: ['test_card', 'paynow'] }, use)?.params).toEqual([
      'test card or PayNow',
    ]);
    expect(
      voucherRefusal({ ...live, paymentMethods: ['paynow'] }, { ...use, paymentMethod: null }),
    ).toBeNull();
    expect(voucherRefusal({ ...live, totalLimit: 3, redeemedCount: 3 }, use)?.code).toBe('voucher/used_up');
    expect(voucherRefusal({ ...live, perUserLimit: 1, redeemedByUser: 1 }, use)?.code).toBe(
      'voucher/already_used',
    );
  });

  it('reads codes in any case and with stray spaces', () => {
    expect(normaliseVoucherCode('  welcome10 ')).toBe('WELCOME10');
  });
});

describe('order lifecycle', () => {
  it('moves only forward along the lifecycle, and a cancelled order stays cancelled', () => {
    expect(canMoveOrder('pending_payment', 'paid')).toBe(true);
    expect(canMoveOrder('pending_payment', 'shipped')).toBe(false);
    expect(canMoveOrder('shipped', 'processing')).toBe(false);
    expect(canMoveOrder('disputed', 'completed')).toBe(true);
    for (const status of ORDER_STATUSES) expect(canMoveOrder('cancelled', status)).toBe(false);
  });

  it('makes readable references without look-alike characters', () => {
    expect(orderReference(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 38]))).toBe('CB-23456789');
    const ref = orderReference(crypto.getRandomValues(new Uint8Array(8)));
    expect(ref).toMatch(ORDER_REF_PATTERN);
    expect(ref).not.toMatch(/[01ILO]/);
  });
});

import { describe, expect, it } from 'vitest';
import type { CurrencyCode, Money } from '../money/index.js';
import { resolveQuotationSchema } from '../quotation/index.js';
import { type CostInput, computeCosts, goodsRefusal, ORDER_TOTAL_MAX_MINOR } from './index.js';

const m = (amountMinor: number, currency: CurrencyCode = 'SGD'): Money => ({ amountMinor, currency });
const line = (unitPrice: Money, quantity = 1) => ({
  unitPrice,
  quantity,
  weightGrams: 500,
  originCountry: null,
});
const input = (overrides: Partial<CostInput>): CostInput => ({
  currency: 'SGD',
  rateFromBase: '1',
  lines: [],
  shipping: null,
  tax: null,
  voucher: null,
  paymentFeePercent: '0',
  ...overrides,
});
const tooLarge = (max: string) => ({ code: 'checkout/total_too_large', params: [max] });

describe('the most one order can come to', () => {
  it('is the card networks’ eight digits of minor units, in any currency', () => {
    expect(ORDER_TOTAL_MAX_MINOR).toBe(99_999_999);
  });

  it('refuses goods past it, naming it in the order’s currency, and lets goods at it through', () => {
    // The probe's order: 99 of a S$1,000,000.00 product.
    expect(goodsRefusal([line(m(100_000_000), 99)], 'SGD')).toEqual(tooLarge('S$999,999.99'));
    expect(goodsRefusal([line(m(50_000_000)), line(m(50_000_000))], 'SGD')).toEqual(tooLarge('S$999,999.99'));
    expect(goodsRefusal([line(m(100_000_000, 'JPY'))], 'JPY')).toEqual(tooLarge('¥99,999,999'));
    expect(goodsRefusal([line(m(33_333_333), 3)], 'SGD')).toBeNull();
    expect(goodsRefusal([line(m(99_999_999, 'JPY'))], 'JPY')).toBeNull();
    expect(goodsRefusal([], 'SGD')).toBeNull();
  });

  it('adds goods up exactly, however many and however dear, rather than overflowing', () => {
    const dearest = line(m(Number.MAX_SAFE_INTEGER, 'KRW'), 999);
    expect(
      goodsRefusal(
        Array.from({ length: 150 }, () => dearest),
        'KRW',
      ),
    ).toEqual(tooLarge('₩99,999,999'));
  });

  it('refuses a total that delivery, fee or tax take past it, with a breakdown that still adds up', () => {
    const costs = computeCosts(
      input({
        lines: [line(m(95_000_000))],
        tax: { name: 'GST', ratePercent: '9', inclusive: false },
        paymentFeePercent: '3',
      }),
    );
    // Fee 3% of S$950,000.00 = S$28,500.00; GST 9% of S$978,500.00 = S$88,065.00.
    expect(costs).toMatchObject({
      subtotal: m(95_000_000),
      paymentFee: m(2_850_000),
      tax: { amount: m(8_806_500) },
      total: m(106_656_500),
      totalRefusal: tooLarge('S$999,999.99'),
    });
    expect(
      computeCosts(input({ lines: [line(m(97_087_378, 'JPY'))], currency: 'JPY', paymentFeePercent: '3' })),
    ).toMatchObject({ total: m(99_999_999, 'JPY'), totalRefusal: null });
  });
});

describe('a quoted item’s base price', () => {
  const parse = (amountMinor: number) =>
    resolveQuotationSchema.safeParse({ basePrice: { amountMinor, currency: 'JPY' } });

  it('is at most what one order can come to, refused with quotation/invalid_base_price beyond it', () => {
    expect(parse(99_999_999).success).toBe(true);
    for (const amountMinor of [100_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      expect(parse(amountMinor).error?.issues[0]?.message).toBe('quotation/invalid_base_price');
    }
  });
});

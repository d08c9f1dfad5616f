import { describe, expect, it } from 'vitest';
import type { Money } from '../money/index.js';
import {
  changeQuotationRequest,
  isQuoteExpired,
  marketplaceLabel,
  marketplaceWords,
  QUOTATION_STATUS_MESSAGES,
  QuotationProductMissingError,
  quotationInStock,
  quotationItemPrice,
  quotationUnavailableReason,
  quoteExpiresAt,
  quotePrices,
} from './index.js';

const now = new Date('2026-11-23T10:00:00Z');
const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });
const product = {
  disabled: false,
  price: sgd(1990),
  stock: 3,
  variantPaths: { '0/1': { price: sgd(2490), stock: 1 } },
};

describe('quotation status messages', () => {
  it('are the spec words', () => {
    expect(QUOTATION_STATUS_MESSAGES).toEqual({
      p: 'Quoting your product...',
      r: 'Your Quotation is here!',
      d: 'Quotation is unsuccessful.',
    });
  });
});

describe('marketplaceLabel', () => {
  it('is QUOTATION, or the marketplace followed by (QUOTATION)', () => {
    expect(marketplaceLabel(null)).toBe('QUOTATION');
    expect(marketplaceLabel('  ')).toBe('QUOTATION');
    expect(marketplaceLabel('Rakuten')).toBe('Rakuten (QUOTATION)');
  });
});

describe('marketplaceWords', () => {
  it('says where a quoted item comes from in words, never the label', () => {
    expect(marketplaceWords(marketplaceLabel('Rakuten'))).toBe('Quoted from Rakuten');
    expect(marketplaceWords(marketplaceLabel(null))).toBe('Quoted item');
    expect(marketplaceWords(' (QUOTATION)')).toBe('Quoted item');
  });

  it('leaves a catalogue marketplace as it is', () => {
    expect(marketplaceWords('Taobao')).toBe('Taobao');
  });
});

describe('quotationUnavailableReason', () => {
  const resolved = { productSource: 'e' as const, status: 'r' as const, expiresAt: '2026-11-30T10:00:00Z' };
  it('refuses pending and declined items', () => {
    expect(quotationUnavailableReason({ ...resolved, status: 'p' }, null, now)).toBe('quotation/pending');
    expect(quotationUnavailableReason({ ...resolved, status: 'd' }, null, now)).toBe('quotation/declined');
  });
  it('refuses an internal item whose product is missing or disabled', () => {
    const internal = { ...resolved, productSource: 'i' as const };
    expect(quotationUnavailableReason(internal, null, now)).toBe('quotation/product_not_found');
    expect(quotationUnavailableReason(internal, { disabled: true }, now)).toBe('cart/product_unavailable');
    expect(quotationUnavailableReason(internal, { disabled: false }, now)).toBeNull();
  });
  it('refuses a quote from the moment it expires', () => {
    expect(quotationUnavailableReason(resolved, null, now)).toBeNull();
    expect(quotationUnavailableReason(resolved, null, new Date('2026-11-30T10:00:00Z'))).toBe(
      'quotation/expired',
    );
    expect(isQuoteExpired(resolved, new Date('2026-11-30T09:59:59Z'))).toBe(false);
  });
});

describe('quotationInStock', () => {
  it('treats external items as always in stock, internal ones by the chosen variant', () => {
    expect(quotationInStock({ productSource: 'e', quantity: 500, variantPath: '' }, null)).toBe(true);
    expect(quotationInStock({ productSource: 'i', quantity: 2, variantPath: '0/1' }, product)).toBe(false);
    expect(quotationInStock({ productSource: 'i', quantity: 3, variantPath: '' }, product)).toBe(true);
    expect(quotationInStock({ productSource: 'i', quantity: 1, variantPath: '' }, null)).toBe(false);
  });
});

describe('quotationItemPrice', () => {
  const facts = { expiresAt: null, quotedPrice: { SG: sgd(1250) }, quantity: 3, variantPath: '0/1' };
  it('prices an internal item at its unit price times the quantity', () => {
    expect(quotationItemPrice({ ...facts, productSource: 'i', status: 'p' }, product, 'SG', 'SGD')).toEqual(
      sgd(7470),
    );
  });
  it("says 'product is not found for quotation item' without the product", () => {
    expect(() =>
      quotationItemPrice({ ...facts, productSource: 'i', status: 'r' }, null, 'SG', 'SGD'),
    ).toThrow(new QuotationProductMissingError());
  });
  it('prices an external item at its quoted price times the quantity once resolved, else zero', () => {
    expect(quotationItemPrice({ ...facts, productSource: 'e', status: 'r' }, null, 'SG', 'SGD')).toEqual(
      sgd(3750),
    );
    expect(quotationItemPrice({ ...facts, productSource: 'e', status: 'p' }, null, 'SG', 'SGD')).toEqual(
      sgd(0),
    );
    expect(quotationItemPrice({ ...facts, productSource: 'e', status: 'r' }, null, 'MY', 'MYR')).toEqual({
      amountMinor: 0,
      currency: 'MYR',
    });
  });
});

describe('quotePrices', () => {
  it('adds the fee and converts through the base rates, rounding half-even once per kind', () => {
    const quoted = quotePrices({ amountMinor: 10000, currency: 'JPY' }, '10', '112.35', [
      { priceKind: 'SG', currency: 'SGD', rateFromBase: '1' },
      { priceKind: 'MY', currency: 'MYR', rateFromBase: '3.4875' },
      { priceKind: 'JP', currency: 'JPY', rateFromBase: '112.35' },
    ]);
    expect(quoted).toEqual({
      SG: { amountMinor: 9791, currency: 'SGD' },
      MY: { amountMinor: 34146, currency: 'MYR' },
      JP: { amountMinor: 11000, currency: 'JPY' },
    });
  });
  it('rounds an exact half to the even cent', () => {
    // 1.25 SGD with no fee, halved by a rate of 2 from base: 0.625 -> 0.62; 1.35 -> 0.675 -> 0.68.
    const kinds = [{ priceKind: 'SG', currency: 'SGD' as const, rateFromBase: '1' }];
    expect(quotePrices(sgd(125), '0', '2', kinds).SG).toEqual(sgd(62));
    expect(quotePrices(sgd(135), '0', '2', kinds).SG).toEqual(sgd(68));
  });
  it('takes fractional fees exactly', () => {
    const kinds = [{ priceKind: 'SG', currency: 'SGD' as const, rateFromBase: '1' }];
    expect(quotePrices(sgd(10000), '7.5', '1', kinds).SG).toEqual(sgd(10750));
    expect(() => quotePrices(sgd(100), '-1', '1', kinds)).toThrow(RangeError);
  });
});

describe('quoteExpiresAt', () => {
  it('adds whole days', () => {
    expect(quoteExpiresAt(now, 7).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });
});

describe('changeQuotationRequest', () => {
  const quoted = { status: 'r' as const, quantity: 1, instructions: 'steel strap, size M' };

  it('sends a quoted or declined item back to pending, giving up the answer', () => {
    expect(changeQuotationRequest(quoted, { quantity: 999, instructions: '18k gold edition' })).toEqual({
      status: 'p',
      quantity: 999,
      instructions: '18k gold edition',
      dropsAnswer: true,
    });
    expect(changeQuotationRequest({ ...quoted, status: 'd' }, { instructions: '110 V is fine' })).toEqual({
      status: 'p',
      quantity: 1,
      instructions: '110 V is fine',
      dropsAnswer: true,
    });
  });

  it('keeps a pending item pending, with no answer to give up', () => {
    expect(changeQuotationRequest({ ...quoted, status: 'p' }, { quantity: 2 })).toEqual({
      status: 'p',
      quantity: 2,
      instructions: 'steel strap, size M',
      dropsAnswer: false,
    });
  });

  it('changes nothing when the quantity and the instructions stay as they were', () => {
    for (const status of ['p', 'r', 'd'] as const) {
      const item = { ...quoted, status };
      expect(changeQuotationRequest(item, {})).toBeNull();
      expect(changeQuotationRequest(item, { quantity: 1 })).toBeNull();
      expect(changeQuotationRequest(item, { instructions: 'steel strap, size M' })).toBeNull();
      expect(changeQuotationRequest(item, { quantity: 1, instructions: 'steel strap, size M' })).toBeNull();
    }
  });

  it('counts a change of either field alone, the letter case of the instructions included', () => {
    expect(changeQuotationRequest(quoted, { quantity: 2 })?.quantity).toBe(2);
    expect(changeQuotationRequest(quoted, { instructions: 'Steel strap, size M' })?.status).toBe('p');
    expect(changeQuotationRequest(quoted, { instructions: '' })?.instructions).toBe('');
  });
});

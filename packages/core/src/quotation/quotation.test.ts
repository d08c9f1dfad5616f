import { describe, expect, it } from 'vitest';
import type { Money } from '../money/index.js';
import {
  changeQuotationRequest,
  exchangeRateWords,
  isQuoteExpired,
  marketplaceLabel,
  marketplaceWords,
  QUOTATION_STATUS_MESSAGES,
  QuotationProductMissingError,
  type QuoteTerms,
  quotationInStock,
  quotationItemPrice,
  quotationUnavailableReason,
  quoteBreakdown,
  quoteExpiresAt,
  quoteHoldsUntilWords,
  quotePrices,
  weightWords,
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

const termsIn = (
  sellerPrice: Money,
  feePercent: string,
  ratesFromBase: Record<string, string>,
  domesticShippingMinor = 0,
): QuoteTerms => ({
  sellerPrice,
  domesticShipping: { amountMinor: domesticShippingMinor, currency: sellerPrice.currency },
  weightGrams: null,
  feePercent,
  baseCurrency: 'SGD',
  ratesFromBase: { SGD: '1', ...ratesFromBase },
});

describe('quotePrices', () => {
  it('adds the fee and converts through the base rates, rounding half-even once per kind', () => {
    const terms = termsIn({ amountMinor: 10000, currency: 'JPY' }, '10', { JPY: '112.35', MYR: '3.4875' });
    const quoted = quotePrices(terms, [
      { priceKind: 'SG', currency: 'SGD' },
      { priceKind: 'MY', currency: 'MYR' },
      { priceKind: 'JP', currency: 'JPY' },
    ]);
    expect(quoted).toEqual({
      SG: { amountMinor: 9791, currency: 'SGD' },
      MY: { amountMinor: 34146, currency: 'MYR' },
      JP: { amountMinor: 11000, currency: 'JPY' },
    });
  });
  it('rounds an exact half to the even cent', () => {
    // 1.25 SGD with no fee, halved by a rate of 2 into ringgit: 0.625 -> 0.62; 1.35 -> 0.675 -> 0.68.
    const kinds = [{ priceKind: 'MY', currency: 'MYR' as const }];
    const myr = (amountMinor: number): Money => ({ amountMinor, currency: 'MYR' });
    expect(quotePrices(termsIn(sgd(125), '0', { MYR: '0.5' }), kinds).MY).toEqual(myr(62));
    expect(quotePrices(termsIn(sgd(135), '0', { MYR: '0.5' }), kinds).MY).toEqual(myr(68));
  });
  it('takes fractional fees exactly and refuses a negative one', () => {
    const kinds = [{ priceKind: 'SG', currency: 'SGD' as const }];
    expect(quotePrices(termsIn(sgd(10000), '7.5', {}), kinds).SG).toEqual(sgd(10750));
    expect(() => quotePrices(termsIn(sgd(100), '-1', {}), kinds)).toThrow(RangeError);
  });
  it('leaves out a region whose currency the terms hold no rate for', () => {
    const kinds = [
      { priceKind: 'SG', currency: 'SGD' as const },
      { priceKind: 'GB', currency: 'GBP' as const },
    ];
    expect(Object.keys(quotePrices(termsIn(sgd(100), '10', {}), kinds))).toEqual(['SG']);
  });
});

describe('quoteBreakdown', () => {
  const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });
  // US$1 is S$1.35: the store keeps 0.74074 USD per SGD, as rates are kept from the base currency.
  const terms = termsIn(usd(12000), '10', { USD: '0.74074' }, 500);

  it('parts of one unit add up to its price exactly, and the price is what quotePrices quotes', () => {
    const breakdown = quoteBreakdown(terms, 'SGD', 2);
    if (!breakdown) throw new Error('expected a breakdown');
    const { sellerPriceConverted, domesticShippingConverted, fee, unitPrice } = breakdown;
    expect(sellerPriceConverted).toEqual(sgd(16200));
    expect(domesticShippingConverted).toEqual(sgd(675));
    expect(fee).toEqual(sgd(1688));
    expect(unitPrice).toEqual(quotePrices(terms, [{ priceKind: 'SG', currency: 'SGD' }]).SG);
    expect(
      sellerPriceConverted.amountMinor + (domesticShippingConverted?.amountMinor ?? 0) + fee.amountMinor,
    ).toBe(unitPrice.amountMinor);
    expect(breakdown.total).toEqual(sgd(unitPrice.amountMinor * 2));
    expect(breakdown.quantity).toBe(2);
  });

  it('keeps the parts whole and never negative where rounding could tip them', () => {
    // Amounts chosen to land on halves: with no fee the fee is exactly zero, not a cent either way.
    for (const amount of [1, 5, 125, 135, 99_999, 123_457]) {
      const noFee = quoteBreakdown(termsIn(usd(amount), '0', { USD: '2' }, 3), 'SGD', 1);
      expect(noFee?.fee).toEqual(sgd(0));
      expect(noFee?.domesticShippingConverted?.amountMinor).toBeGreaterThanOrEqual(0);
      const withFee = quoteBreakdown(termsIn(usd(amount), '7.5', { USD: '0.7' }, 1), 'SGD', 1);
      if (!withFee) throw new Error('expected a breakdown');
      expect(withFee.fee.amountMinor).toBeGreaterThanOrEqual(0);
      expect(
        withFee.sellerPriceConverted.amountMinor +
          (withFee.domesticShippingConverted?.amountMinor ?? 0) +
          withFee.fee.amountMinor,
      ).toBe(withFee.unitPrice.amountMinor);
    }
  });

  it('names the rate used, per one unit or per a hundred when one is worth little', () => {
    expect(quoteBreakdown(terms, 'SGD', 1)?.exchangeRate).toEqual({
      from: 'USD',
      to: 'SGD',
      per: 1,
      rate: '1.3500',
    });
    const yen = quoteBreakdown(
      termsIn({ amountMinor: 10000, currency: 'JPY' }, '0', { JPY: '112.35' }),
      'SGD',
      1,
    );
    expect(yen?.exchangeRate).toEqual({ from: 'JPY', to: 'SGD', per: 100, rate: '0.8901' });
    expect(exchangeRateWords({ from: 'JPY', to: 'SGD', per: 100, rate: '0.8901' })).toBe('¥100 = S$0.8901');
    expect(exchangeRateWords({ from: 'USD', to: 'DKK', per: 1, rate: '6.9000' })).toBe(
      'US$1 = DKK\u00a06.9000',
    );
  });

  it('has no rate and no shipping when there is none to show', () => {
    const breakdown = quoteBreakdown(termsIn(sgd(1000), '10', {}), 'SGD', 1);
    expect(breakdown?.exchangeRate).toBeNull();
    expect(breakdown?.domesticShipping).toBeNull();
    expect(breakdown?.domesticShippingConverted).toBeNull();
    expect(breakdown?.unitPrice).toEqual(sgd(1100));
  });

  it('is null for a currency the quote has no rate for', () => {
    expect(quoteBreakdown(terms, 'GBP', 1)).toBeNull();
  });

  it('refuses shipping in another currency than the price', () => {
    expect(() => quoteBreakdown({ ...terms, domesticShipping: sgd(100) }, 'SGD', 1)).toThrow(RangeError);
  });

  it('carries the weight estimate through', () => {
    expect(quoteBreakdown({ ...terms, weightGrams: 1250 }, 'SGD', 1)?.weightGrams).toBe(1250);
  });
});

describe('quote words', () => {
  it('says weights in grams under a kilogram and in kilograms from one', () => {
    expect(weightWords(850)).toBe('850 g');
    expect(weightWords(1000)).toBe('1 kg');
    expect(weightWords(1250)).toBe('1.25 kg');
  });
  it('says until when a quote holds in Singapore time', () => {
    expect(quoteHoldsUntilWords('2026-11-30T16:30:00Z')).toBe('01/12/2026 00:30:00 Singapore time');
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

import { AppError } from '@crossbuy/core/errors';
import { type CurrencyCode, isCurrencyCode, type Money } from '@crossbuy/core/money';
import { QUOTATION_STATUS, type QuoteTerms, quoteExpiresAt, quotePrices } from '@crossbuy/core/quotation';
import type { Database } from '../../db/client.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { quotingRates } from '../regions/regions.service.js';
import type { QuotationItemRow } from './quotations.table.js';

// What a quote for a product on another site is made from and what it comes to in each region
// (docs/rules/quotations.md).

/** The store's settings a quote is given with: the service fee, and how many days a quote holds. */
export type QuotingRules = { feePercent: string; validDays: number };

/** What a stored quote was made from; null before a quote, for our own products, and for older quotes. */
export function quoteTermsOf(row: QuotationItemRow): QuoteTerms | null {
  const { basePriceMinor, basePriceCurrency, feePercent, rateBaseCurrency, ratesFromBase } = row;
  if (
    row.status !== QUOTATION_STATUS.resolved ||
    basePriceMinor === null ||
    !isCurrencyCode(basePriceCurrency) ||
    feePercent === null ||
    !isCurrencyCode(rateBaseCurrency) ||
    ratesFromBase === null
  ) {
    return null;
  }
  return {
    sellerPrice: { amountMinor: basePriceMinor, currency: basePriceCurrency },
    domesticShipping: { amountMinor: row.domesticShippingMinor ?? 0, currency: basePriceCurrency },
    weightGrams: row.weightGrams,
    feePercent,
    baseCurrency: rateBaseCurrency,
    ratesFromBase,
  };
}

/** The currencies a base price may be given in: those with a stored rate from the base currency. */
export async function quoteCurrencies(db: Database): Promise<CurrencyCode[]> {
  return (await quotingRates(db)).currencies;
}

/** What the desk gives for a product on another site: the seller's price for one, and what it may add. */
export type QuoteInput = {
  basePrice: Money;
  domesticShippingMinor?: number | undefined;
  weightGrams?: number | undefined;
};

export type Quote = { quoteTerms: QuoteTerms; quotedPrice: Record<string, Money>; expiresAt: Date };

/**
 * The quote one unit would get in every region now, the terms it is made from (today's fee and rates), and
 * until when it would hold. Regions whose currency has no rate are left out.
 */
export async function previewQuote(
  db: Database,
  input: QuoteInput,
  rules: QuotingRules,
  now = new Date(),
): Promise<Quote> {
  const rates = await quotingRates(db);
  const sellerCurrency = input.basePrice.currency;
  const sourceRate = rates.rateFromBase(sellerCurrency);
  if (sourceRate === undefined) {
    // Every rate is kept from the base currency; the one missing is the rate into the seller's currency.
    throw new AppError('quotation/no_exchange_rate', [BASE_CURRENCY, sellerCurrency]);
  }
  const ratesFromBase: Record<string, string> = { [sellerCurrency]: sourceRate };
  const kinds = rates.priceKinds.flatMap((kind) => {
    const rateFromBase = rates.rateFromBase(kind.currency);
    if (rateFromBase === undefined) return [];
    ratesFromBase[kind.currency] = rateFromBase;
    return [{ priceKind: kind.countryCode, currency: kind.currency }];
  });
  const quoteTerms: QuoteTerms = {
    sellerPrice: input.basePrice,
    domesticShipping: { amountMinor: input.domesticShippingMinor ?? 0, currency: sellerCurrency },
    weightGrams: input.weightGrams ?? null,
    feePercent: rules.feePercent,
    baseCurrency: BASE_CURRENCY,
    ratesFromBase,
  };
  return {
    quoteTerms,
    quotedPrice: quotePrices(quoteTerms, kinds),
    expiresAt: quoteExpiresAt(now, rules.validDays),
  };
}

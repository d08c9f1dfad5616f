import { formatStoreDateTime } from '../dates/index.js';
import {
  CURRENCY_SYMBOLS,
  type CurrencyCode,
  groupDigits,
  type Money,
  multiplyMoney,
  scaleMoney,
  subtractMoney,
} from '../money/index.js';

// How a quoted price is made, and how it is shown (decision 0066). The store quotes one unit: the seller's
// price and the domestic shipping to the store's warehouse, in the seller's currency, plus the store's fee,
// converted at the stored rates. The terms are fixed on the item when the store quotes, so the breakdown
// a shopper reads later is the one the price was made from, whatever the rates or the fee are now.

/** What a quote was made from, fixed when the store quoted. */
export type QuoteTerms = {
  /** What the seller asks for one, in the seller's currency, as read from the page or entered at the desk. */
  sellerPrice: Money;
  /** Shipping one unit from the seller to the store's warehouse, in the seller's currency; zero when free. */
  domesticShipping: Money;
  /** The desk's estimate of one unit's weight; checkout charges delivery abroad by it. Null when not given. */
  weightGrams: number | null;
  /** The store's fee on the seller's price and the domestic shipping, in percent ('10', '7.5'). */
  feePercent: string;
  /** The currency every stored rate is from. */
  baseCurrency: CurrencyCode;
  /** Units of each currency per one of the base currency: the seller's and every quoted region's. */
  ratesFromBase: Readonly<Record<string, string>>;
};

/** "1 of `from` is `rate` of `to`", or `per` of `from` when one is worth too little to read (¥100 = S$0.87). */
export type QuoteExchangeRate = { from: CurrencyCode; to: CurrencyCode; per: number; rate: string };

/** One quote, part by part, in the shopper's currency; the parts of one unit add up to its price exactly. */
export type QuoteBreakdown = {
  sellerPrice: Money;
  sellerPriceConverted: Money;
  /** Null when the seller ships to the warehouse for free. */
  domesticShipping: Money | null;
  domesticShippingConverted: Money | null;
  /** Null when the seller's currency is the shopper's. */
  exchangeRate: QuoteExchangeRate | null;
  feePercent: string;
  fee: Money;
  unitPrice: Money;
  quantity: number;
  total: Money;
  weightGrams: number | null;
};

const RATE_PLACES = 4;

/**
 * The quote for `quantity` units in `currency`, or null when the terms hold no rate for it (a region added
 * after the quote). Each amount is rounded half-even once: the seller's price and seller's price plus
 * shipping converted, and the price of one with the fee. Shipping is the difference of the first two and the
 * fee the difference of the last two, so the parts add up to the price of one, and each is never negative
 * (rounding keeps order). The price of one is what the store has always quoted: (price + shipping) ×
 * (1 + fee) × rate.
 */
export function quoteBreakdown(
  terms: QuoteTerms,
  currency: CurrencyCode,
  quantity: number,
): QuoteBreakdown | null {
  const rateTo = terms.ratesFromBase[currency];
  const rateFrom = terms.ratesFromBase[terms.sellerPrice.currency];
  if (rateTo === undefined || rateFrom === undefined) return null;
  if (terms.domesticShipping.currency !== terms.sellerPrice.currency) {
    throw new RangeError('The seller price and the domestic shipping must be in one currency');
  }
  const base = {
    amountMinor: terms.sellerPrice.amountMinor + terms.domesticShipping.amountMinor,
    currency: terms.sellerPrice.currency,
  };
  const convert = (value: Money, times: string[] = []) =>
    scaleMoney(value, currency, { times: [...times, rateTo], per: [rateFrom] });
  const sellerPriceConverted = convert(terms.sellerPrice);
  const baseConverted = convert(base);
  const unitPrice = convert(base, [addPercent(terms.feePercent)]);
  const shipped = terms.domesticShipping.amountMinor > 0;
  return {
    sellerPrice: terms.sellerPrice,
    sellerPriceConverted,
    domesticShipping: shipped ? terms.domesticShipping : null,
    domesticShippingConverted: shipped ? subtractMoney(baseConverted, sellerPriceConverted) : null,
    exchangeRate:
      terms.sellerPrice.currency === currency
        ? null
        : exchangeRateBetween(terms.sellerPrice.currency, currency, rateFrom, rateTo),
    feePercent: terms.feePercent,
    fee: subtractMoney(unitPrice, baseConverted),
    unitPrice,
    quantity,
    total: multiplyMoney(unitPrice, quantity),
    weightGrams: terms.weightGrams,
  };
}

/** A price kind the store quotes in: a region (its country code) and its currency. */
export type QuotePriceKind = { priceKind: string; currency: CurrencyCode };

/** The price of one unit per price kind, as quoteBreakdown makes it; kinds without a rate are left out. */
export function quotePrices(terms: QuoteTerms, kinds: readonly QuotePriceKind[]): Record<string, Money> {
  return Object.fromEntries(
    kinds.flatMap((kind) => {
      const breakdown = quoteBreakdown(terms, kind.currency, 1);
      return breakdown ? [[kind.priceKind, breakdown.unitPrice]] : [];
    }),
  );
}

/** 1 + percent/100 as an exact decimal string: '10' -> '1.10', '7.5' -> '1.075'. */
function addPercent(percent: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percent.trim());
  if (!match) throw new RangeError(`Invalid fee percent: ${percent}`);
  const [, whole = '0', fraction = ''] = match;
  const scale = fraction.length + 2;
  const hundredths = BigInt(`${whole}${fraction}`) + 10n ** BigInt(scale);
  const digits = hundredths.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function decimalParts(text: string): { digits: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Invalid rate: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  return { digits: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

/**
 * The rate from one currency to another through the base currency, to four places, half-even: shown, never
 * used to price (the price uses the stored rates themselves). A rate under 0.1 is given for 10, 100, ...
 * units so that its digits can be read.
 */
function exchangeRateBetween(
  from: CurrencyCode,
  to: CurrencyCode,
  rateFrom: string,
  rateTo: string,
): QuoteExchangeRate {
  const a = decimalParts(rateTo);
  const b = decimalParts(rateFrom);
  if (b.digits === 0n) throw new RangeError(`Invalid rate: ${rateFrom}`);
  let per = 1;
  // rateTo / rateFrom = (a.digits / 10^a.scale) / (b.digits / 10^b.scale)
  const ratioTimes = (scale: number) => {
    const numerator = a.digits * 10n ** BigInt(b.scale + scale) * BigInt(per);
    const denominator = b.digits * 10n ** BigInt(a.scale);
    return { numerator, denominator };
  };
  while (per < 1_000_000) {
    const { numerator, denominator } = ratioTimes(1);
    if (numerator >= denominator) break;
    per *= 10;
  }
  const { numerator, denominator } = ratioTimes(RATE_PLACES);
  let quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(RATE_PLACES + 1, '0');
  return {
    from,
    to,
    per,
    rate: `${digits.slice(0, -RATE_PLACES)}.${digits.slice(-RATE_PLACES)}`,
  };
}

const amountIn = (currency: CurrencyCode, amount: string) => {
  const symbol = CURRENCY_SYMBOLS[currency];
  return `${symbol}${/\p{L}$/u.test(symbol) ? '\u00a0' : ''}${amount}`;
};

/** "US$1 = S$1.3500", "¥100 = S$0.8681". */
export function exchangeRateWords(rate: QuoteExchangeRate): string {
  const [whole = '0', fraction = ''] = rate.rate.split('.');
  return `${amountIn(rate.from, groupDigits(rate.per))} = ${amountIn(rate.to, `${groupDigits(whole)}.${fraction}`)}`;
}

/** A weight as a shopper reads it: "850 g", "1.2 kg". */
export function weightWords(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(2))} kg`;
}

/** Until when a quote holds, in the store's time, which the shopper is told is Singapore's. */
export function quoteHoldsUntilWords(expiresAt: string | Date): string {
  return formatStoreDateTime(expiresAt);
}

import { type CurrencyCode, type Money, minorUnitDigits, parseMajorAmount } from '@crossbuy/core/money';
import { ORDER_TOTAL_MAX_MINOR } from '@crossbuy/core/order';
import { QUOTATION_WEIGHT_MAX_GRAMS } from '@crossbuy/core/quotation';

// The amounts the quotation desk types when it sends a quote, read as the store takes them.

/** A typed base price for one unit, or null when it is not an amount above zero the store can quote. */
export function basePriceFrom(text: string, currency: CurrencyCode): Money | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return null;
  let price: Money | null;
  try {
    price = parseMajorAmount(typed, currency);
  } catch (error) {
    // More digits than a number holds exactly: far past the bound, and refused like it.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return price && price.amountMinor >= 1 && price.amountMinor <= ORDER_TOTAL_MAX_MINOR ? price : null;
}

/** A price as the base-price field shows it: major units with the currency's own decimals. */
export function typedAmount(price: Money): string {
  const digits = minorUnitDigits(price.currency);
  return (price.amountMinor / 10 ** digits).toFixed(digits);
}

/** A typed amount for one that may be left empty (none), or null when it is not one the store can take. */
export function optionalAmountFrom(text: string, currency: CurrencyCode): Money | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return { amountMinor: 0, currency };
  let amount: Money | null;
  try {
    amount = parseMajorAmount(typed, currency);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return amount && amount.amountMinor >= 0 && amount.amountMinor <= ORDER_TOTAL_MAX_MINOR ? amount : null;
}

/** A typed weight in whole grams, undefined when left empty, or null when it is not one. */
export function weightFrom(text: string): number | undefined | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return undefined;
  if (!/^\d+$/.test(typed)) return null;
  const grams = Number(typed);
  return grams >= 1 && grams <= QUOTATION_WEIGHT_MAX_GRAMS ? grams : null;
}

import {
  type CurrencyCode,
  convertMoney,
  DEFAULT_CURRENCY,
  type Money,
  minorUnitDigits,
} from '@crossbuy/core/money';

/** The one currency every catalogue base price is in (the products table checks it). */
export const BASE_CURRENCY: CurrencyCode = DEFAULT_CURRENCY;

/** What pricing for one region needs: its currency and the rate from the base currency (a decimal string). */
export type PricingRegion = { countryCode: string; currency: CurrencyCode; rate: string };

/**
 * The price a shopper in `region` pays: the merchant's explicit price for that region while it is in the
 * region's currency, else the base price converted at the stored rate, rounded half-even to the region
 * currency's minor units. This is the only place catalogue prices change currency.
 */
export function priceForRegion(base: Money, explicit: Money | undefined, region: PricingRegion): Money {
  if (base.currency !== BASE_CURRENCY)
    throw new RangeError(`Base prices are in ${BASE_CURRENCY}, got ${base.currency}`);
  if (explicit && explicit.currency === region.currency) return explicit;
  if (region.currency === BASE_CURRENCY) return base;
  return convertMoney(base, region.currency, region.rate);
}

/**
 * The multiplier from base minor units to the region's minor units (rate x 10^(digit difference)), exact,
 * for SQL that sorts and filters by region price: round_half_even(price_minor * factor) equals
 * priceForRegion's conversion, because both round the same exact product once.
 */
export function conversionFactor(region: PricingRegion): string {
  const shift = minorUnitDigits(region.currency) - minorUnitDigits(BASE_CURRENCY);
  return shiftDecimal(region.currency === BASE_CURRENCY ? '1' : region.rate, shift);
}

function shiftDecimal(decimal: string, places: number): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`Invalid exchange rate: ${decimal}`);
  const [, whole = '', fraction = ''] = match;
  const pointAt = whole.length + places;
  const digits = (whole + fraction)
    .padEnd(pointAt, '0')
    .padStart(whole.length + fraction.length + Math.max(0, -pointAt), '0');
  const position = Math.max(pointAt, 0);
  const integerPart = digits.slice(0, position).replace(/^0+(?=\d)/, '') || '0';
  const fractionPart = digits.slice(position).replace(/0+$/, '');
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

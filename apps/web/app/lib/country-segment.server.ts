import { isCountryCode } from '@crossbuy/core/address';

/**
 * A URL may start with a country segment ('/sg/cart', docs/rules/money-dates-and-limits.md): two letters naming a country
 * known to the address data. Returns the upper-case code, or undefined for anything else.
 */
export function countryCodeFromSegment(segment: string | undefined): string | undefined {
  if (segment === undefined || !/^[a-z]{2}$/i.test(segment)) return undefined;
  const code = segment.toUpperCase();
  return isCountryCode(code) ? code : undefined;
}

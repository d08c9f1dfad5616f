import { COUNTRY_ADDRESS_DATA, COUNTRY_CODES, type CountryCode } from './countries.generated.js';
import type { CountryAddressData, StateEntry } from './types.js';

export const ADDRESS_DATA: Readonly<Record<string, CountryAddressData>> = COUNTRY_ADDRESS_DATA;

const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** True for an upper-case ISO 3166-1 alpha-2 code the address data knows. */
export function isCountryCode(code: string): code is CountryCode {
  return COUNTRY_CODE_SET.has(code);
}

export function getCountryAddressData(code: CountryCode): CountryAddressData;
export function getCountryAddressData(code: string): CountryAddressData | undefined;
export function getCountryAddressData(code: string): CountryAddressData | undefined {
  return isCountryCode(code) ? COUNTRY_ADDRESS_DATA[code] : undefined;
}

// Base sensitivity makes 'Åland Islands' sort with the A's and 'alava' equal 'Álava'. Made on first
// use: a page's first Intl object costs a phone's main thread a long task (ICU's start-up).
let baseCollator: Intl.Collator | undefined;
function collator(): Intl.Collator {
  baseCollator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return baseCollator;
}

// docs/rules/addresses.md puts Singapore and Malaysia ahead of the alphabetical rest.
const LEADING_COUNTRIES: readonly string[] = ['SG', 'MY'];

function listRank(code: string): number {
  const index = LEADING_COUNTRIES.indexOf(code);
  return index === -1 ? LEADING_COUNTRIES.length : index;
}

export interface CountryOption {
  code: CountryCode;
  name: string;
}

let sortedCountries: readonly CountryOption[] | undefined;

/** Every country as `{ code, name }`: SG, MY, then the rest by name ignoring accents and case. */
export function countryList(): readonly CountryOption[] {
  sortedCountries ??= Object.freeze(
    COUNTRY_CODES.map((code) => ({ code, name: COUNTRY_ADDRESS_DATA[code].displayValue })).sort(
      (a, b) => listRank(a.code) - listRank(b.code) || collator().compare(a.name, b.name),
    ),
  );
  return sortedCountries;
}

const postalPatterns = new Map<string, RegExp>();

function postalPattern(data: CountryAddressData): RegExp {
  let pattern = postalPatterns.get(data.countryId);
  if (!pattern) {
    pattern = new RegExp(data.postalCodeRegex, 'i');
    postalPatterns.set(data.countryId, pattern);
  }
  return pattern;
}

/**
 * Whether the postal code fits the country's pattern, ignoring case and surrounding spaces. A country
 * without a pattern accepts anything; whether a postal code is needed at all is `postalCodeRequired`.
 */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  const data = getCountryAddressData(country);
  if (!data) return false;
  return data.postalCodeRegex === '' || postalPattern(data).test(postalCode.trim());
}

/** The country's state entry whose code or name matches the input, ignoring case and accents. */
export function findState(country: string, input: string): StateEntry | undefined {
  const states = Object.values(getCountryAddressData(country)?.states ?? {});
  const wanted = input.trim();
  if (wanted === '') return undefined;
  // Codes win over names: 'AS' in the US is American Samoa even if a name were also 'as'.
  return (
    states.find((state) => collator().compare(state.stateValue, wanted) === 0) ??
    states.find((state) => collator().compare(state.displayValue, wanted) === 0)
  );
}

/** The country's states for a picker, sorted by name; empty when the country has no list. */
export function stateOptions(country: string): readonly StateEntry[] {
  return Object.values(getCountryAddressData(country)?.states ?? {}).sort((a, b) =>
    collator().compare(a.displayValue, b.displayValue),
  );
}

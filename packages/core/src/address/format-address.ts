import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Address } from './address-schema.js';
import { findState, getCountryAddressData } from './country-data.js';

/** The order in which an address's fields are listed (docs/rules/addresses.md). */
export const addressDisplayFields = [
  'fullName',
  'address',
  'unitNumber',
  'city',
  'country',
  'phoneNumber',
  'postalCode',
  'state',
] as const satisfies readonly (keyof Address)[];

export type FormattableAddress = {
  [K in 'fullName' | 'address' | 'unitNumber' | 'city' | 'state' | 'postalCode' | 'phoneNumber']?:
    | string
    | null;
};

// Used only for a country code the data does not know, so an old record still prints.
const FALLBACK_FORMAT = '{firstName} {lastName}_{address1}_{address2}_{city} {state} {zip}_{country}_{phone}';

const SEPARATOR_ONLY = /^[\s,\-/]*$/;

/**
 * Renders one format line. An empty field takes the separator after it along, and a line whose fields
 * are all empty disappears: '{city}, {state} {zip}' reads 'Springfield, 12345' without a state and
 * 'CA 12345' without a city. Fixed text that is more than punctuation ('CH-', 'SINGAPORE') stays.
 */
function renderLine(line: string, values: Readonly<Record<string, string>>): string {
  const texts: string[] = [];
  const fields: string[] = [];
  let position = 0;
  for (const match of line.matchAll(/\{(\w+)(:upper)?\}/g)) {
    texts.push(line.slice(position, match.index));
    const value = (values[match[1] ?? ''] ?? '').trim();
    fields.push(match[2] ? value.toLocaleUpperCase('en-GB') : value);
    position = match.index + match[0].length;
  }
  texts.push(line.slice(position));
  if (fields.length === 0) return line.trim();

  const filled = fields.map((value, index) => ({ value, index })).filter(({ value }) => value !== '');
  const first = filled[0];
  const last = filled.at(-1);
  if (!first || !last) return '';

  const lead = texts[0] ?? '';
  const trail = texts.at(-1) ?? '';
  let text = first.index === 0 || !SEPARATOR_ONLY.test(lead) ? lead : '';
  let previous: number | undefined;
  for (const { value, index } of filled) {
    if (previous !== undefined) text += texts[previous + 1] ?? '';
    text += value;
    previous = index;
  }
  text += last.index === fields.length - 1 || !SEPARATOR_ONLY.test(trail) ? trail : '';
  return text.replace(/\s+/g, ' ').trim();
}

type FormatOptions = {
  /** False leaves the recipient's name out, for a card that shows it as its heading. */
  withName?: boolean;
};

/**
 * A stored phone number (E.164, "+6591234567") as people write it, in groups with its country code:
 * "+65 9123 4567". A value that is not a phone number is shown as it was stored.
 */
export function formatPhoneNumber(phoneNumber: string): string {
  return parsePhoneNumberFromString(phoneNumber)?.formatInternational() ?? phoneNumber;
}

/**
 * The address as printed lines in the country's own order (displayFormat, docs/rules/addresses.md), as a letter to that
 * country is addressed; blank lines dropped.
 */
export function formatAddressLines(
  address: FormattableAddress,
  country: string,
  { withName = true }: FormatOptions = {},
): string[] {
  const data = getCountryAddressData(country);
  const state = address.state ? (findState(country, address.state)?.displayValue ?? address.state) : '';
  const phone = address.phoneNumber ? formatPhoneNumber(address.phoneNumber) : '';
  const values: Record<string, string> = {
    firstName: withName ? (address.fullName ?? '') : '',
    lastName: '',
    company: '',
    address1: address.address ?? '',
    address2: address.unitNumber ?? '',
    city: address.city ?? '',
    state,
    zip: address.postalCode ?? '',
    country: data?.displayValue ?? country,
    phone,
  };
  return (data?.displayFormat ?? FALLBACK_FORMAT)
    .split('_')
    .map((line) => renderLine(line, values))
    .filter((line) => line !== '');
}

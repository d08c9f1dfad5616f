import { getCountryAddressData, stateOptions } from './country-data.js';

// What an address form asks for in each country (docs/rules/addresses.md): a field appears when the country's letter
// format prints it or when the country requires it, with the country's own label.

export type AddressField = { shown: boolean; required: boolean; label: string };

/** The parts of an address whose place in a form follows the country's letter format. */
export type PlacePart = 'address' | 'unitNumber' | 'city' | 'state' | 'postalCode';

export type AddressFields = {
  /**
   * The order in which to ask for the parts of the address: as the country writes them, so a Japanese
   * address starts with its postal code and prefecture, and a British one ends with its postcode.
   */
  order: readonly PlacePart[];
  /** What the street line should hold, in the country's own terms. */
  addressHint: string;
  city: AddressField;
  state: AddressField & { options: readonly { value: string; label: string }[] };
  postalCode: AddressField;
};

const FALLBACK_COUNTRY = 'SG';

const DEFAULT_ADDRESS_HINT = 'Street, building and house number.';

// The data keeps the labels of docs/rules/addresses.md ('Do_si' for Korea); a form says what they mean.
const FORM_LABELS: Readonly<Record<string, { city?: string; state?: string }>> = {
  KR: { state: 'Province / metropolitan city', city: 'City / county / district' },
  TW: { state: 'City / county', city: 'District / township' },
};

// Where the street line holds more than a street: the East Asian formats name places below the city on it.
const ADDRESS_HINTS: Readonly<Record<string, string>> = {
  JP: 'Town, block and building number, e.g. Marunouchi 1-1-1.',
  KR: 'Road name and building number.',
  CN: 'District, street and building number.',
  TW: 'Road, section, lane and number.',
  HK: 'Street and building; flat and floor go in the unit number.',
};

const PLACEHOLDER_PARTS: Readonly<Record<string, PlacePart>> = {
  address1: 'address',
  address2: 'unitNumber',
  city: 'city',
  state: 'state',
  zip: 'postalCode',
};

const DEFAULT_ORDER: readonly PlacePart[] = ['address', 'unitNumber', 'city', 'state', 'postalCode'];

/** The parts in the order the format prints them; parts it does not print keep their usual place after. */
function partOrder(format: string): PlacePart[] {
  const printedParts = [...format.matchAll(/\{(\w+)(?::upper)?\}/g)].flatMap(([, name]) => {
    const part = PLACEHOLDER_PARTS[name ?? ''];
    return part ? [part] : [];
  });
  return [...new Set([...printedParts, ...DEFAULT_ORDER])];
}

const printed = (format: string, field: string) => new RegExp(`\\{${field}(:upper)?\\}`).test(format);

/** The country-dependent fields of an address form, with their labels, marks and state choices. */
export function addressFields(country: string): AddressFields {
  const code = getCountryAddressData(country) ? country : FALLBACK_COUNTRY;
  const data = getCountryAddressData(code);
  const format = data?.displayFormat ?? '';
  const labels = FORM_LABELS[code] ?? {};
  return {
    order: partOrder(format),
    addressHint: ADDRESS_HINTS[code] ?? DEFAULT_ADDRESS_HINT,
    city: {
      shown: printed(format, 'city') || data?.cityRequired === true,
      required: data?.cityRequired === true,
      label: labels.city ?? data?.cityDisplayValue ?? 'City',
    },
    state: {
      shown: printed(format, 'state') || data?.stateRequired === true,
      required: data?.stateRequired === true,
      label: labels.state ?? data?.stateDisplayValue ?? 'State',
      options: stateOptions(code).map((state) => ({ value: state.stateValue, label: state.displayValue })),
    },
    postalCode: {
      shown: printed(format, 'zip') || data?.postalCodeRequired === true,
      required: data?.postalCodeRequired === true,
      label: 'Postal code',
    },
  };
}

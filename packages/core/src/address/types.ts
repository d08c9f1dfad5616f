export interface StateEntry {
  /** The value stored on an address: the subdivision code. */
  stateValue: string;
  /** A Latin-script name suitable for an English storefront. */
  displayValue: string;
}

/**
 * One country's address rules in the shape docs/rules/addresses.md describes.
 *
 * `displayFormat` lists the lines of a printed address separated by `_`. Inside a line, `{name}` is a
 * placeholder for one of firstName, lastName, company, address1, address2, city, state, zip, country,
 * phone, and `{name:upper}` prints that value in capitals (a British post town); everything else is fixed text (a postal prefix such as `CH-`, or a town name such as
 * `SINGAPORE`) to print as is.
 *
 * `postalCodeRegex` is anchored and meant to be compiled case-insensitively; it is `''` when the
 * country has no postal code pattern.
 */
export interface CountryAddressData {
  countryId: string;
  displayValue: string;
  displayFormat: string;
  cityDisplayValue: string;
  stateDisplayValue: string;
  stateRequired: boolean;
  cityRequired: boolean;
  states: Readonly<Record<string, StateEntry>>;
  postalCodeRequired: boolean;
  postalCodeRegex: string;
}

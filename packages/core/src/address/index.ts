export { addressCalls, type StoredAddress, storedAddressSchema } from './address-calls.js';
export { type AddressField, type AddressFields, addressFields, type PlacePart } from './address-fields.js';
export {
  type Address,
  type AddressInput,
  type AddressUpdate,
  addressSchema,
  addressUpdateSchema,
  validateAddress,
} from './address-schema.js';
export { COUNTRY_CODES, type CountryCode } from './countries.generated.js';
export {
  ADDRESS_DATA,
  type CountryOption,
  countryList,
  findState,
  getCountryAddressData,
  isCountryCode,
  isValidPostalCode,
  stateOptions,
} from './country-data.js';
export {
  addressDisplayFields,
  type FormattableAddress,
  formatAddressLines,
  formatPhoneNumber,
} from './format-address.js';
export type { CountryAddressData, StateEntry } from './types.js';

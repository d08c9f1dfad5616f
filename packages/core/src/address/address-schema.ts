import {
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { z } from 'zod';
import type { ErrorCode } from '../errors/index.js';
import { whenFieldsValid } from '../validation/issue-codes.js';
import { COUNTRY_ADDRESS_DATA, COUNTRY_CODES, type CountryCode } from './countries.generated.js';
import { findState, isValidPostalCode } from './country-data.js';

const INVALID = {
  fullName: 'address/invalid_full_name',
  phoneNumber: 'address/invalid_phone_number',
  address: 'address/invalid_address',
  unitNumber: 'address/invalid_unit_number',
  postalCode: 'address/invalid_postal_code',
  main: 'address/invalid_main',
  country: 'address/invalid_country',
  state: 'address/invalid_state',
  city: 'address/invalid_city',
} as const satisfies Record<string, ErrorCode>;

// A missing field keeps Zod's own message, so the server answers general/missing_argument naming it.
function unlessMissing(code: ErrorCode) {
  return (issue: z.core.$ZodRawIssue) => (issue.input === undefined ? undefined : code);
}

function requiredText(code: ErrorCode, max: number) {
  return z
    .string({ error: unlessMissing(code) })
    .trim()
    .min(1, { error: code })
    .max(max, { error: code });
}

// Optional fields take null too, so a stored row (null for "none") can be merged with a patch and
// validated again; '' and null both mean "none" and come out as absent.
function optionalText(code: ErrorCode, max: number) {
  return z.string({ error: code }).trim().max(max, { error: code }).nullish();
}

const addressFields = {
  fullName: requiredText(INVALID.fullName, 200),
  // Checked against the country once the whole address is known; the cap keeps parsing cheap.
  phoneNumber: requiredText(INVALID.phoneNumber, 40),
  address: requiredText(INVALID.address, 200),
  unitNumber: optionalText(INVALID.unitNumber, 30),
  postalCode: z
    .string({ error: INVALID.postalCode })
    .trim()
    .max(16, { error: INVALID.postalCode })
    .refine((value) => value === '' || value.length >= 3, { error: INVALID.postalCode })
    .nullish(),
  main: z.boolean({ error: unlessMissing(INVALID.main) }),
  country: z
    .string({ error: unlessMissing(INVALID.country) })
    .trim()
    .toUpperCase()
    .pipe(z.enum(COUNTRY_CODES, { error: INVALID.country })),
  state: optionalText(INVALID.state, 100),
  city: optionalText(INVALID.city, 100),
};

/** A valid, normalised address: trimmed, phone in E.164, state as its code, postal code upper-case. */
export interface Address {
  fullName: string;
  phoneNumber: string;
  address: string;
  unitNumber?: string;
  postalCode?: string;
  main: boolean;
  country: CountryCode;
  state?: string;
  city?: string;
}

type CheckedFields = z.output<z.ZodObject<typeof addressFields>>;

/**
 * The number must belong to the address's country: numbers of another country are refused, except
 * those sharing its calling code (+1 across North America, +44 in the Channel Islands). For the few
 * territories without a numbering plan of their own any valid international number is accepted.
 */
function phoneForCountry(text: string, country: CountryCode): PhoneNumber | undefined {
  if (!isSupportedCountry(country)) {
    const phone = parsePhoneNumberFromString(text);
    return phone?.isValid() ? phone : undefined;
  }
  const phone = parsePhoneNumberFromString(text, country);
  return phone?.isValid() && phone.countryCallingCode === getCountryCallingCode(country) ? phone : undefined;
}

function checkCountryRules(address: CheckedFields, ctx: z.core.$RefinementCtx<CheckedFields>): void {
  // A field that already failed holds no trustworthy value and has its issue already.
  const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
  const data = COUNTRY_ADDRESS_DATA[address.country];
  const check = (field: keyof typeof INVALID, isInvalid: () => boolean) => {
    if (!failed.has(field) && isInvalid()) {
      ctx.addIssue({ code: 'custom', message: INVALID[field], path: [field], input: address[field] });
    }
  };

  check('phoneNumber', () => !phoneForCountry(address.phoneNumber, address.country));
  check('postalCode', () => {
    const postalCode = address.postalCode ?? '';
    return postalCode === '' ? data.postalCodeRequired : !isValidPostalCode(address.country, postalCode);
  });
  check('state', () => {
    const state = address.state ?? '';
    const hasStateList = Object.keys(data.states).length > 0;
    return state === '' ? data.stateRequired : hasStateList && !findState(address.country, state);
  });
  check('city', () => (address.city ?? '') === '' && data.cityRequired);
}

function normalise(address: CheckedFields): Address {
  const { unitNumber, postalCode, state, city, ...rest } = address;
  const normalised: Address = {
    ...rest,
    phoneNumber: phoneForCountry(address.phoneNumber, address.country)?.number ?? address.phoneNumber,
  };
  if (unitNumber) normalised.unitNumber = unitNumber;
  if (postalCode) normalised.postalCode = postalCode.toUpperCase();
  if (state) normalised.state = findState(address.country, state)?.stateValue ?? state;
  if (city) normalised.city = city;
  return normalised;
}

/**
 * A whole address. Each failure's issue message is its catalogue code (address/invalid_...); a field
 * that is missing altogether keeps Zod's message. Country rules (docs/rules/addresses.md) are checked even when
 * other fields fail, so a form can show every problem at once.
 */
export const addressSchema = z
  .object({ ...addressFields, main: addressFields.main.default(false) })
  .superRefine(checkCountryRules, whenFieldsValid(['country']))
  .transform(normalise);

/**
 * A patch to a stored address: each given field is checked on its own. Rules that depend on the
 * country apply to the merged result; run it through {@link validateAddress}.
 */
export const addressUpdateSchema = z.object(addressFields).partial();

export type AddressInput = z.input<typeof addressSchema>;
export type AddressUpdate = z.output<typeof addressUpdateSchema>;

export function validateAddress(input: unknown): z.ZodSafeParseResult<Address> {
  return addressSchema.safeParse(input);
}

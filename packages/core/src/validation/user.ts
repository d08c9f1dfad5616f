import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { isCountryCode } from '../address/index.js';
import { isCalendarDate, toDateInteger } from '../dates/index.js';
import type { ErrorCode } from '../errors/index.js';
import { emailSchema, passwordSchema } from './auth.js';
import { fails, requiredText, whenFieldsValid } from './issue-codes.js';

// Account holder schemas: names, country, birth date, gender and phone, which need the country data and
// the phone library.

function personName(code: ErrorCode) {
  return requiredText(code, 100);
}

export const firstNameSchema = personName('user/invalid_first_name');
export const lastNameSchema = personName('user/invalid_last_name');

export const acceptTermsSchema = z.literal(true, fails('user/invalid_accept_terms'));

export const countrySchema = z
  .string(fails('user/invalid_country'))
  .trim()
  .toUpperCase()
  .refine((code) => isCountryCode(code), fails('user/invalid_country'));

export const MIN_USER_AGE = 13;
export const MAX_USER_AGE = 120;

// Today is taken where it is furthest ahead (UTC+14), so nobody is refused on their birthday wherever they
// live, and the same birth date gets the same answer on the server and in every browser.
const EARLIEST_TIME_ZONE = 'Pacific/Kiritimati';

function ageOn(birthDate: string, today: Date): number {
  return Math.floor(
    (toDateInteger(today, { timeZone: EARLIEST_TIME_ZONE }) - toDateInteger(birthDate)) / 10_000,
  );
}

export const birthDateSchema = z.string(fails('user/invalid_birthdate')).refine((value) => {
  if (!isCalendarDate(value)) return false;
  const age = ageOn(value, new Date());
  return age >= MIN_USER_AGE && age <= MAX_USER_AGE;
}, fails('user/invalid_birthdate'));

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderSchema = z.enum(GENDERS, fails('user/invalid_gender'));

/** The raw field; whether it is a real number depends on the country, checked by the object schemas. */
export const phoneNumberSchema = requiredText('user/invalid_phone_number');

/**
 * The number in E.164 form if it is a valid number of the given country, else null. Countries sharing a
 * calling code are told apart (a Canadian number is not a US one); a country without numbering data of its
 * own (such as AQ) accepts any valid international number.
 */
export function normalisePhoneNumber(raw: string, country: string): string | null {
  const region = country.trim().toUpperCase();
  const supported = isSupportedCountry(region);
  const phone = parsePhoneNumberFromString(raw.trim(), supported ? region : undefined);
  if (!phone?.isValid()) return null;
  if (supported && phone.country !== region) return null;
  return phone.number;
}

type PhoneAndCountry = { phoneNumber?: string | undefined; country?: string | undefined };

// Refinements may run while other fields already have issues, so only a well-formed pair is judged here
// and each field's own problem stays reported once.
function checkPhoneForCountry(value: PhoneAndCountry, ctx: z.RefinementCtx): void {
  const { phoneNumber, country } = value;
  if (!phoneNumber) return;
  if (country === undefined) {
    ctx.addIssue({ code: 'custom', path: ['country'], message: 'user/invalid_country' });
    return;
  }
  if (!isCountryCode(country)) return;
  if (normalisePhoneNumber(phoneNumber, country) === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['phoneNumber'],
      message: 'user/invalid_phone_number',
      input: phoneNumber,
    });
  }
}

// A form shows every problem at once, so the pair is judged even while other fields (an unticked terms
// box, no gender) fail; only a problem with the phone number or the country itself holds it back.
const phoneCheckable = whenFieldsValid(['phoneNumber', 'country']);

// Runs only once every field is valid, so the pair has already been accepted by checkPhoneForCountry.
function withE164Phone<T extends PhoneAndCountry>(value: T): T {
  const { phoneNumber, country } = value;
  if (phoneNumber === undefined || country === undefined) return value;
  return { ...value, phoneNumber: normalisePhoneNumber(phoneNumber, country) ?? phoneNumber };
}

export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    phoneNumber: phoneNumberSchema,
    country: countrySchema,
    birthDate: birthDateSchema,
    gender: genderSchema,
    acceptTerms: acceptTermsSchema,
  })
  .superRefine(checkPhoneForCountry, phoneCheckable)
  .transform(withE164Phone);

export const profileUpdateSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    phoneNumber: phoneNumberSchema.optional(),
    country: countrySchema.optional(),
    birthDate: birthDateSchema.optional(),
    gender: genderSchema.optional(),
    acceptTerms: acceptTermsSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'general/argument_error',
  })
  .superRefine(checkPhoneForCountry, phoneCheckable)
  .transform(withE164Phone);

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterOutput = z.output<typeof registerSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateOutput = z.output<typeof profileUpdateSchema>;

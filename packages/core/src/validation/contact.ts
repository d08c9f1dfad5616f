import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { fails, requiredText } from './issue-codes.js';

// The contact form (functions service: POST /contact_us, docs/rules/content.md). Anyone may write, signed in or
// not, so every field is bounded and the text is kept as typed apart from the outer spaces.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
/** A number written without its country code is read as one of the store's home, Singapore. */
export const CONTACT_PHONE_HOME_COUNTRY = 'SG';

const withoutNul = (text: string) => !text.includes('\u0000');

/** The number in E.164 form, or null when it is not a valid phone number. */
export function contactPhoneNumber(raw: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim(), CONTACT_PHONE_HOME_COUNTRY);
  return phone?.isValid() ? phone.number : null;
}

export const contactUsSchema = z.object({
  email: z
    .string(fails('contact/invalid_email'))
    .trim()
    .toLowerCase()
    .max(254, fails('contact/invalid_email'))
    .regex(z.regexes.email, fails('contact/invalid_email')),
  name: requiredText('contact/invalid_name', CONTACT_NAME_MAX).refine(
    withoutNul,
    fails('contact/invalid_name'),
  ),
  /** Optional: absent, null and an empty field all mean none was given. */
  phoneNumber: z
    .string(fails('contact/invalid_phone_number'))
    .trim()
    .max(40, fails('contact/invalid_phone_number'))
    .nullish()
    .transform((raw, ctx) => {
      if (!raw) return null;
      const number = contactPhoneNumber(raw);
      if (number === null) {
        ctx.addIssue({ code: 'custom', message: 'contact/invalid_phone_number', input: raw });
        return z.NEVER;
      }
      return number;
    }),
  message: requiredText('contact/invalid_message', CONTACT_MESSAGE_MAX).refine(
    withoutNul,
    fails('contact/invalid_message'),
  ),
  /** The reCAPTCHA answer; required only when the store checks one. */
  recaptchaToken: z
    .string(fails('contact/captcha_failed'))
    .max(4000, fails('contact/captcha_failed'))
    .nullish(),
});
export type ContactUsInput = z.input<typeof contactUsSchema>;
export type ContactUs = z.output<typeof contactUsSchema>;

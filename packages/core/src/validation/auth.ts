import { z } from 'zod';
import type { ErrorCode } from '../errors/index.js';
import { fails, requiredText } from './issue-codes.js';

// Sign-in, password and code schemas. This file must not import the address data or the phone library
// (directly or through another file): the sign-in and password pages load it, and those two weigh far more
// than the pages themselves. Schemas that need countries live in user.ts.

function emailRule(text: z.ZodString) {
  return text
    .toLowerCase()
    .max(254, fails('user/invalid_email'))
    .regex(z.regexes.email, fails('user/invalid_email'));
}

export const emailSchema = emailRule(z.string(fails('user/invalid_email')).trim());

// An empty field is reported missing, and nothing else is said of it: the sign-in form must tell the
// shopper what to fill in, not that an email and password that were never checked are wrong.
const EMPTY_IS_MISSING = { error: 'general/missing_argument', abort: true } as const;

// "Symbol or number" counts any Unicode digit, punctuation or symbol, so '£', '_' and '٣' qualify.
function passwordRule(code: ErrorCode) {
  return z
    .string(fails(code))
    .min(8, fails(code))
    .regex(/\p{Ll}/u, fails(code))
    .regex(/\p{Lu}/u, fails(code))
    .regex(/[\p{N}\p{P}\p{S}]/u, fails(code));
}

export const passwordSchema = passwordRule('user/invalid_password');
export const newPasswordSchema = passwordRule('auth/invalid_new_password');

export const loginSchema = z.object({
  email: emailRule(z.string(fails('user/invalid_email')).trim().min(1, EMPTY_IS_MISSING)),
  password: z.string(fails('auth/wrong_email_or_password')).min(1, EMPTY_IS_MISSING),
  rememberme: z.boolean(fails('general/argument_error')).default(false),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string(fails('auth/wrong_password')).min(1, fails('auth/wrong_password')),
  newPassword: newPasswordSchema,
});

export const resetPasswordSchema = z.object({
  uid: requiredText('auth/invalid_password_reset_token'),
  resetPasswordToken: requiredText('auth/invalid_password_reset_token'),
  password: newPasswordSchema,
});

export const emailOnlySchema = z.object({ email: emailSchema });
export const forgotPasswordSchema = emailOnlySchema;

// Mailed and authenticator codes are six digits; any other input, absent included, is a wrong code.
function sixDigitCode(code: ErrorCode) {
  return z
    .string({ error: code })
    .trim()
    .regex(/^\d{6}$/, { error: code });
}

export const verifyEmailSchema = z.object({ code: sixDigitCode('auth/invalid_email_verification_code') });

/** A code from the authenticator app, to set up, pass, or turn off two-factor authentication. */
export const tfaCodeSchema = z.object({ token: sixDigitCode('auth/tfa_wrong_code') });

export const tfaResetSchema = z.object({
  resetTfaToken: z
    .string({ error: 'auth/tfa_reset_token_invalid' })
    .trim()
    .min(1, { error: 'auth/tfa_reset_token_invalid' })
    .max(200, { error: 'auth/tfa_reset_token_invalid' }),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginOutput = z.output<typeof loginSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordOutput = z.output<typeof changePasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordOutput = z.output<typeof resetPasswordSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordOutput = z.output<typeof forgotPasswordSchema>;
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;
export type EmailOnlyOutput = z.output<typeof emailOnlySchema>;
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;
export type TfaCodeInput = z.input<typeof tfaCodeSchema>;

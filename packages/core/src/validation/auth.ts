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

/** How many recovery codes two-factor setup hands out, and regenerating hands out again. */
export const RECOVERY_CODE_COUNT = 10;
/** At or below this many unused recovery codes, the security page urges making new ones. */
export const RECOVERY_CODES_LOW = 3;

// Crockford's base32: digits and capitals without I, L, O and U, so nothing read aloud or copied by hand
// is mistaken for something else. Twelve characters carry 60 random bits.
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_LENGTH = 12;
const RECOVERY_CODE_GROUP = 4;
// Longer input is no code, however it is spaced; this keeps the clean-up below cheap.
const RECOVERY_CODE_MAX_INPUT = 64;
const LOOK_ALIKES: Record<string, string> = { I: '1', L: '1', O: '0' };
const RECOVERY_CODE_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/**
 * A recovery code as typed ('abcd efgh jkmn', 'ABCD-EFGH-JKMN', with an O for a zero) in the one form it
 * is stored in, or undefined when it cannot be one.
 */
export function normalizeRecoveryCode(text: string): string | undefined {
  if (text.length > RECOVERY_CODE_MAX_INPUT) return undefined;
  const code = text
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, '')
    .replace(/[ILO]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
  return RECOVERY_CODE_PATTERN.test(code) ? code : undefined;
}

/** A stored recovery code as shown to its owner: groups of four joined by dashes. */
export function formatRecoveryCode(code: string): string {
  return code.match(new RegExp(`.{1,${RECOVERY_CODE_GROUP}}`, 'g'))?.join('-') ?? code;
}

export type TfaAnswer = { kind: 'authenticator'; code: string } | { kind: 'recovery'; code: string };

/**
 * What passes two-factor: six digits from the authenticator app, or, in the same field, one of the
 * account's recovery codes. Anything else is a wrong code.
 */
export const tfaAnswerSchema = z.object({
  token: z
    .string({ error: 'auth/tfa_wrong_code' })
    .trim()
    .transform((text, context): TfaAnswer => {
      if (/^\d{6}$/.test(text)) return { kind: 'authenticator', code: text };
      const recovery = normalizeRecoveryCode(text);
      if (recovery) return { kind: 'recovery', code: recovery };
      context.addIssue({ code: 'custom', message: 'auth/tfa_wrong_code', input: text });
      return z.NEVER;
    }),
});

/** One recovery code, as the sign-in page's "use a recovery code" form takes it. */
export const recoveryCodeFormSchema = z.object({
  recoveryCode: z
    .string({ error: 'auth/tfa_wrong_code' })
    .refine((text) => normalizeRecoveryCode(text) !== undefined, { error: 'auth/tfa_wrong_code' }),
});

/** Making new recovery codes asks for the password again, as changing it does. */
export const regenerateRecoveryCodesSchema = z.object({
  password: z.string(fails('auth/wrong_password')).min(1, fails('auth/wrong_password')),
});

export type TfaAnswerOutput = z.output<typeof tfaAnswerSchema>;
export type RecoveryCodeFormInput = z.input<typeof recoveryCodeFormSchema>;
export type RegenerateRecoveryCodesInput = z.input<typeof regenerateRecoveryCodesSchema>;

import type { RateLimitRule } from '../../plugins/rate-limit.js';

/**
 * Abuse limits of the account features. "account" keys are the email (or user id once signed in),
 * "address" keys the client's IP address. Failure-only limits count failed attempts, so a shopper who
 * signs in often is never refused; the others count every attempt.
 */
export const LIMITS = {
  signInFailuresPerAccount: { name: 'sign-in:account', max: 10, windowSeconds: 15 * 60 },
  signInFailuresPerAddress: { name: 'sign-in:address', max: 30, windowSeconds: 15 * 60 },
  registrationsPerAddress: { name: 'register:address', max: 10, windowSeconds: 60 * 60 },
  verifyCodeMailsPerAccount: {
    name: 'verify-code:account',
    max: 1,
    windowSeconds: 60,
    code: 'auth/resend_verify_code_rate_limit',
  },
  verifyCodeMailsPerAddress: { name: 'verify-code:address', max: 10, windowSeconds: 60 * 60 },
  /** Over this, forgotPassword still answers as usual but mails nothing, so it cannot flood an inbox. */
  passwordResetMailsPerAccount: { name: 'password-reset-mail:account', max: 3, windowSeconds: 60 * 60 },
  passwordResetPerAddress: { name: 'password-reset:address', max: 10, windowSeconds: 60 * 60 },
  passwordChangeFailuresPerAccount: { name: 'change-password:account', max: 5, windowSeconds: 15 * 60 },
  tfaFailuresPerAccount: { name: 'tfa:account', max: 5, windowSeconds: 15 * 60 },
  tfaFailuresPerAddress: { name: 'tfa:address', max: 20, windowSeconds: 15 * 60 },
  tfaResetMailsPerAccount: { name: 'tfa-reset-mail:account', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

import { type ClientInfo, clientNetwork } from '../../lib/client-info.js';
import type { LimitedSubject, RateLimitRule } from '../../plugins/rate-limit.js';

/**
 * Abuse limits of the account features (docs/decisions/0005 and 0010). "account" keys are the email
 * (or user id once signed in), "address" keys the client's network ({@link addressOf}). Limits on
 * failures reserve a place before the secret is checked and keep it when the check fails, so a
 * shopper who signs in often is never refused and a burst of parallel guesses gets `max` checks; the
 * others count every attempt.
 */
export const LIMITS = {
  /**
   * The tight limit: one address guessing one account. Only that address is held back, never the
   * owner elsewhere, and the owner's own success there clears it.
   */
  signInFailuresPerAccountAtAddress: {
    name: 'sign-in:address-account',
    max: 10,
    windowSeconds: 60 * 60,
    afterSuccess: 'reset',
  },
  /**
   * One address trying many accounts. A success gives back only its own place, so signing in to an
   * account of one's own between guesses does not clear it.
   */
  signInFailuresPerAddress: { name: 'sign-in:address', max: 30, windowSeconds: 15 * 60 },
  /**
   * The slow ceiling on guesses at one account from everywhere together (OWASP ASVS 2.2.1: at most 100
   * failed attempts an hour), reached only by ten or more addresses working together.
   */
  signInFailuresPerAccount: { name: 'sign-in:account', max: 100, windowSeconds: 60 * 60 },
  registrationsPerAddress: { name: 'register:address', max: 10, windowSeconds: 60 * 60 },
  /**
   * Over this, resendVerifyCode answers anyone else as usual but mails nothing, so the answer tells
   * nothing; the account's own signed-in owner is told how many seconds to wait.
   */
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
  /**
   * Wrong passwords given to re-authenticate for a sensitive change: changing the password, making new
   * two-factor recovery codes. One count for all of them, so no change is a second way to guess.
   */
  passwordChangeFailuresPerAccount: {
    name: 'change-password:account',
    max: 5,
    windowSeconds: 15 * 60,
    afterSuccess: 'reset',
  },
  tfaFailuresPerAccount: { name: 'tfa:account', max: 5, windowSeconds: 15 * 60, afterSuccess: 'reset' },
  tfaFailuresPerAddress: { name: 'tfa:address', max: 20, windowSeconds: 15 * 60 },
  tfaResetMailsPerAccount: { name: 'tfa-reset-mail:account', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The subject of limits per address: the client's IPv4 address or IPv6 /64. */
export function addressOf(client: ClientInfo): string {
  return clientNetwork(client.ip);
}

/** The subject of limits per account and address. */
export function accountAtAddress(email: string, client: ClientInfo): string {
  // The address goes first: it never holds "|", so the key cannot be read two ways.
  return `${addressOf(client)}|${email}`;
}

/** The limits a password sign-in to `email` from `client` must fit under. */
export function signInLimits(email: string, client: ClientInfo): LimitedSubject[] {
  return [
    { rule: LIMITS.signInFailuresPerAccountAtAddress, subject: accountAtAddress(email, client) },
    { rule: LIMITS.signInFailuresPerAddress, subject: addressOf(client) },
    { rule: LIMITS.signInFailuresPerAccount, subject: email },
  ];
}

/** The limits a two-factor code or reset token of `userId` from `client` must fit under. */
export function tfaLimits(userId: string, client: ClientInfo): LimitedSubject[] {
  return [
    { rule: LIMITS.tfaFailuresPerAccount, subject: userId },
    { rule: LIMITS.tfaFailuresPerAddress, subject: addressOf(client) },
  ];
}

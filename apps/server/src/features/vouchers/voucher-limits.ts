import { AppError } from '@crossbuy/core/errors';
import { type ClientInfo, clientNetwork } from '../../lib/client-info.js';
import type { LimitedSubject, RateLimiter, RateLimitRule } from '../../plugins/rate-limit.js';

// Limits on guessing voucher codes (docs/decisions/0058). Every call that looks a typed code up answers
// whether it names a voucher, so each is a guess: validate, both estimates and both create_order calls.
// A guess takes its place under the limits before the code is looked up (as a sign-in does, decision
// 0010), so a burst of parallel guesses gets no more look-ups than a sequence; a code that names a voucher
// gives its place back, so a shopper re-pricing a checkout with their voucher is never held back by it.

export const VOUCHER_LIMITS = {
  /** A shopper mistypes a code a few times; ten a quarter-hour is far more, and 960 a day at most. */
  codeFailuresPerAccount: {
    name: 'voucher-code:account',
    max: 10,
    windowSeconds: 15 * 60,
    code: 'voucher/too_many_attempts',
  },
  /** Several accounts guessing from one network, as the sign-in limit per address (decision 0010). */
  codeFailuresPerAddress: {
    name: 'voucher-code:address',
    max: 30,
    windowSeconds: 15 * 60,
    code: 'voucher/too_many_attempts',
  },
} as const satisfies Record<string, RateLimitRule>;

/** Who is typing a code: the signed-in account, and where from. */
export type VoucherGuesser = { userId: string; client: ClientInfo };

export function voucherCodeLimits({ userId, client }: VoucherGuesser): LimitedSubject[] {
  return [
    { rule: VOUCHER_LIMITS.codeFailuresPerAccount, subject: userId },
    { rule: VOUCHER_LIMITS.codeFailuresPerAddress, subject: clientNetwork(client.ip) },
  ];
}

/** Runs a look-up of a typed voucher code as one guess of the shopper's, or as no guess at all. */
export type VoucherCodeCheck = <T>(lookUp: () => Promise<T>) => Promise<T>;

export const UNCOUNTED_CHECK: VoucherCodeCheck = (lookUp) => lookUp();

/**
 * Counts `lookUp` as a guess of `guesser`'s: refused with 429 voucher/too_many_attempts while a limit is
 * full, counted as a failure when it ends in voucher/unknown, and given back however else it ends (the code
 * names a voucher, even one that does not apply, or the call failed before the code was looked at).
 */
export function countedVoucherCheck(limiter: RateLimiter, guesser: VoucherGuesser): VoucherCodeCheck {
  return async (lookUp) => {
    const attempt = await limiter.reserve(voucherCodeLimits(guesser));
    try {
      const outcome = await lookUp();
      await attempt.succeeded();
      return outcome;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'voucher/unknown')) await attempt.succeeded();
      throw error;
    }
  };
}

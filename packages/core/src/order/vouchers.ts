import { formatStoreDate } from '../dates/index.js';
import type { Refusal } from './costs.js';
import type { PaymentMethod } from './rules.js';

// Whether a voucher may be used for this order, apart from its minimum spend (which depends on the
// subtotal and is checked with the discount, in costs.ts). Checked in the order given, so the shopper
// hears the first reason that applies.

export const VOUCHER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

/** Shoppers type codes in any case and with stray spaces; codes are stored upper-case. */
export function normaliseVoucherCode(text: string): string {
  return text.trim().toUpperCase();
}

export type VoucherFacts = {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  regions: readonly string[];
  paymentMethods: readonly string[];
  totalLimit: number | null;
  redeemedCount: number;
  perUserLimit: number | null;
  /** How many of the shopper's orders hold this voucher now. */
  redeemedByUser: number;
};

/** How a sentence names a payment method: 'when paying by PayNow'. */
const PAYMENT_METHOD_IN_A_SENTENCE: Record<PaymentMethod, string> = {
  card: 'card',
  paynow: 'PayNow',
  test_card: 'test card',
};

/** The methods a voucher is limited to, as the shopper reads them: 'card or PayNow'. */
export function paymentMethodsInWords(methods: readonly string[]): string {
  const words = methods.map((method) =>
    Object.hasOwn(PAYMENT_METHOD_IN_A_SENTENCE, method)
      ? PAYMENT_METHOD_IN_A_SENTENCE[method as PaymentMethod]
      : method,
  );
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

export type VoucherContext = { now: Date; regionCountryCode: string; paymentMethod: PaymentMethod | null };

export function voucherRefusal(voucher: VoucherFacts, context: VoucherContext): Refusal | null {
  if (!voucher.active) return { code: 'voucher/unknown', params: [] };
  if (voucher.startsAt && context.now < voucher.startsAt) {
    return { code: 'voucher/not_yet_valid', params: [formatStoreDate(voucher.startsAt)] };
  }
  if (voucher.endsAt && context.now >= voucher.endsAt) return { code: 'voucher/expired', params: [] };
  if (voucher.regions.length > 0 && !voucher.regions.includes(context.regionCountryCode)) {
    return { code: 'voucher/wrong_region', params: [voucher.regions.join(', ')] };
  }
  if (
    context.paymentMethod !== null &&
    voucher.paymentMethods.length > 0 &&
    !voucher.paymentMethods.includes(context.paymentMethod)
  ) {
    return { code: 'voucher/wrong_payment_method', params: [paymentMethodsInWords(voucher.paymentMethods)] };
  }
  if (voucher.totalLimit !== null && voucher.redeemedCount >= voucher.totalLimit) {
    return { code: 'voucher/used_up', params: [] };
  }
  if (voucher.perUserLimit !== null && voucher.redeemedByUser >= voucher.perUserLimit) {
    return { code: 'voucher/already_used', params: [voucher.perUserLimit] };
  }
  return null;
}

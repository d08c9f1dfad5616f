import { ApiError, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import type { CostEstimate, PaymentMethod } from '@crossbuy/core/order';

const SESSION_GONE = new Set(['checkout/not_found', 'checkout/session_expired']);

/** Whether the store no longer knows this checkout: it expired, or it never was this shopper's. */
export function isSessionGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || SESSION_GONE.has(error.code ?? ''));
}

/** What is wrong with the order, each said where it belongs on the page. */
export type Problems = {
  shipping?: string | undefined;
  billing?: string | undefined;
  voucher?: string | undefined;
  payment?: string | undefined;
  form?: string | undefined;
};

/** Where a refusal of the order belongs on the page. */
export function problemFor(error: unknown): keyof Problems {
  const code = error instanceof ApiError ? (error.code ?? '') : '';
  if (code.startsWith('voucher/')) return 'voucher';
  if (code === 'checkout/shipping_unavailable' || code === 'address/not_found') return 'shipping';
  if (code === 'checkout/payment_method_unavailable' || code === 'checkout/invalid_payment_method') {
    return 'payment';
  }
  return 'form';
}

/** What the latest estimate refuses about the order as chosen now, in the shopper's words. */
export type Refusals = {
  shipping: string | undefined;
  /** The total is past the most one order can be. */
  total: string | undefined;
  /** Said only of the voucher on the order now, not of one the shopper has since removed. */
  voucher: string | undefined;
};

export function refusalsOf(estimate: CostEstimate, voucherCode: string | undefined): Refusals {
  return {
    shipping: estimate.shippingRefusal ? messageForError(estimate.shippingRefusal) : undefined,
    total: estimate.totalRefusal ? messageForError(estimate.totalRefusal) : undefined,
    voucher:
      estimate.voucher?.refusal && estimate.voucher.code === voucherCode
        ? messageForError(estimate.voucher.refusal)
        : undefined,
  };
}

/** The choices that must be made before the order is placed. */
type RequiredChoices = {
  shippingAddressId: string | undefined;
  billingSame: boolean;
  billingAddressId: string | undefined;
  paymentMethod: PaymentMethod | undefined;
};

/** What stands in the way of placing the order, field by field, before it is sent. */
export function problemsBeforePlacing(choices: RequiredChoices, refusals: Refusals): Problems {
  return {
    shipping: !choices.shippingAddressId ? 'Please choose where to deliver the order' : refusals.shipping,
    billing:
      !choices.billingSame && !choices.billingAddressId ? 'Please choose the billing address' : undefined,
    voucher: refusals.voucher,
    payment: !choices.paymentMethod ? formatErrorMessage('checkout/invalid_payment_method') : undefined,
  };
}

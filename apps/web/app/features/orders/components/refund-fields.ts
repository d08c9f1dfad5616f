import { ApiError, type ErrorCode, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { formatMoney, type Money, minorUnitDigits, parseMajorAmount } from '@crossbuy/core/money';
import { type OrderRefunds, PAYMENT_METHOD, refundRefusal } from '@crossbuy/core/order';
import { useState } from 'react';

/** A refund's fields as typed: the amount in major units ("12.50"), and the bank reference for PayNow. */
export type RefundDraft = { amount: string; reference: string };

export type RefundFieldErrors = Partial<Record<'amount' | 'reason' | 'reference', string>>;

/** What remains, as the amount field shows it: "75.00" for S$75.00. */
export function majorAmountText(value: Money): string {
  const digits = minorUnitDigits(value.currency);
  return (value.amountMinor / 10 ** digits).toFixed(digits);
}

/** A PayNow refund is a bank transfer the store made by hand; the form asks for its reference. */
export const needsReference = (refunds: OrderRefunds) => refunds.method === PAYMENT_METHOD.payNow;

/**
 * The refund typed, or what is wrong with it in the catalogue's words, as the server would say it: more
 * than remains names what remains.
 */
export function readRefundDraft(
  draft: RefundDraft,
  refunds: OrderRefunds,
): { amount: Money; errors: RefundFieldErrors } {
  const currency = refunds.refundable.currency;
  const amount = parseMajorAmount(draft.amount.trim(), currency) ?? { amountMinor: 0, currency };
  const errors: RefundFieldErrors = {};
  const refusal = refundRefusal(amount, {
    currency,
    refundableMinor: refunds.refundable.amountMinor,
  });
  if (refusal) errors.amount = refusalMessage(refusal, refunds);
  if (needsReference(refunds) && draft.reference.trim() === '') {
    errors.reference = formatErrorMessage('order/invalid_refund_reference');
  }
  return { amount, errors };
}

function refusalMessage(code: ErrorCode, refunds: OrderRefunds): string {
  return formatErrorMessage(code, [formatMoney(refunds.refundable)]);
}

const FIELD_OF_CODE: Partial<Record<string, keyof RefundFieldErrors>> = {
  'order/invalid_refund_amount': 'amount',
  'order/refund_wrong_currency': 'amount',
  'order/refund_exceeds_paid': 'amount',
  'order/invalid_refund_reason': 'reason',
  'order/invalid_dispute_note': 'reason',
  'order/invalid_refund_reference': 'reference',
};

/** A refusal from the server beside the field it is about, or null when it is about none of them. */
export function fieldErrorOf(error: unknown): RefundFieldErrors | null {
  const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
  return field ? { [field]: messageForError(error) } : null;
}

/**
 * The refund an operator is typing, prefilled with all that remains, and the errors shown beside its
 * fields and the reason's. The refunds form and a dispute's settlement ask for a refund the same way, so
 * they check it, and read the server's refusals, the same way too.
 */
export function useRefundDraft(refunds: OrderRefunds) {
  const [draft, setDraft] = useState<RefundDraft>(() => ({
    amount: majorAmountText(refunds.refundable),
    reference: '',
  }));
  const [errors, setErrors] = useState<RefundFieldErrors>({});

  /**
   * Shows what is wrong with the refund (when one is being made) and with the reason the form asks for,
   * an empty one refused with `missingReason`; answers whether the form may be sent, and the refund as
   * the server takes it.
   */
  const check = (reason: string, missingReason: ErrorCode, refunding = true) => {
    const read = readRefundDraft(draft, refunds);
    const found: RefundFieldErrors = refunding ? { ...read.errors } : {};
    if (reason.trim() === '') found.reason = formatErrorMessage(missingReason);
    setErrors(found);
    const refund = {
      amount: read.amount,
      ...(needsReference(refunds) && { reference: draft.reference.trim() }),
    };
    return { refund, valid: Object.keys(found).length === 0 };
  };

  return {
    draft,
    setDraft,
    errors,
    /** The amount as typed so far, for the question that confirms the refund. */
    amount: readRefundDraft(draft, refunds).amount,
    check,
    /** Puts a refusal from the server beside its field (one about no field is the form's to show). */
    showRefusal: (error: unknown) => setErrors(fieldErrorOf(error) ?? {}),
  };
}

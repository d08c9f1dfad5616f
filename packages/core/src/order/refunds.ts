import { z } from 'zod';
import type { ErrorCode } from '../errors/index.js';
import { CURRENCIES, type Money } from '../money/index.js';
import { fails, requiredText } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { ORDER_STATUS, type OrderStatus, PAYMENT_METHODS } from './rules.js';

// Refunds, cancelling a paid order and settling a dispute: what the store gives back of a payment and the
// rule that it never gives back more than it took.

/**
 * `pending`: asked of the card provider, not yet answered; its amount is held so a parallel refund cannot
 * pass the payment. `succeeded`: the money went back. `failed`: the provider refused it; nothing was refunded.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refunds that count against the payment: made, or asked of the provider and not yet refused. */
const HOLDS_MONEY: readonly RefundStatus[] = ['pending', 'succeeded'];

/** What can still be refunded of `paidMinor`, given the refunds made or under way; never below zero. */
export function refundableMinor(
  paidMinor: number,
  refunds: readonly { amountMinor: number; status: RefundStatus }[],
): number {
  const held = refunds
    .filter((refund) => HOLDS_MONEY.includes(refund.status))
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return Math.max(0, paidMinor - held);
}

/**
 * Why a refund of `amount` cannot be made of a payment in `currency` with `refundableMinor` left, or null
 * when it can: it must be in the order's currency, above zero, and no more than what remains.
 */
export function refundRefusal(
  amount: Money,
  payment: { currency: Money['currency']; refundableMinor: number },
): ErrorCode | null {
  if (amount.currency !== payment.currency) return 'order/refund_wrong_currency';
  if (!Number.isSafeInteger(amount.amountMinor) || amount.amountMinor <= 0) {
    return 'order/invalid_refund_amount';
  }
  if (amount.amountMinor > payment.refundableMinor) return 'order/refund_exceeds_paid';
  return null;
}

/** Where the store takes a disputed order once it has settled it (core ORDER_TRANSITIONS from disputed). */
export const DISPUTE_OUTCOMES = [
  ORDER_STATUS.processing,
  ORDER_STATUS.completed,
  ORDER_STATUS.cancelled,
] as const satisfies readonly OrderStatus[];
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const REFUND_REASON_MAX_LENGTH = 500;
export const REFUND_REFERENCE_MAX_LENGTH = 100;
export const DISPUTE_NOTE_MAX_LENGTH = 1000;

const refundAmountSchema = z.object(
  {
    amountMinor: z.int(fails('order/invalid_refund_amount')),
    currency: z.enum(CURRENCIES, fails('order/refund_wrong_currency')),
  },
  fails('order/invalid_refund_amount'),
);

const reasonSchema = requiredText('order/invalid_refund_reason', REFUND_REASON_MAX_LENGTH);

/** The bank transfer's reference, when the store refunded a PayNow payment by hand. */
const referenceSchema = requiredText('order/invalid_refund_reference', REFUND_REFERENCE_MAX_LENGTH);

/** `POST /admin/orders/{id}/refunds`. */
export const refundRequestSchema = z.object({
  amount: refundAmountSchema,
  reason: reasonSchema,
  reference: referenceSchema.optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * `POST /admin/orders/{id}/cancel`: an order cancelled by the store. Whatever it received goes back to the
 * shopper; a PayNow transfer the operator already returned names its reference, else it stays owed back.
 */
export const storeCancelRequestSchema = z.object({
  reason: reasonSchema,
  reference: referenceSchema.optional(),
});
export type StoreCancelRequest = z.infer<typeof storeCancelRequestSchema>;

/** `POST /admin/orders/{id}/dispute/resolve`: how the store settled the shopper's problem. */
export const disputeResolutionSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, fails('order/invalid_dispute_outcome')),
  note: requiredText('order/invalid_dispute_note', DISPUTE_NOTE_MAX_LENGTH),
  refund: z
    .object(
      { amount: refundAmountSchema, reference: referenceSchema.optional() },
      fails('general/argument_error'),
    )
    .optional(),
});
export type DisputeResolution = z.infer<typeof disputeResolutionSchema>;

export const refundSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  /** The bank transfer's reference (PayNow) or the provider's refund id (card). */
  reference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  /** The operator who made it, by email as it is now; null once their account is gone. */
  createdBy: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** An order's refunds with what was paid and what can still be refunded. */
export const orderRefundsSchema = z.object({
  /** What the order received, and how; null while nothing was received. */
  paid: moneySchema.nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  refunded: moneySchema,
  refundable: moneySchema,
  /**
   * What the store owes back: money a cancelled order still holds (a PayNow transfer to return by hand, or
   * a card refund the provider refused). Zero for an open order.
   */
  owedBack: moneySchema,
  refunds: z.array(refundSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

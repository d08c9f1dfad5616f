import type { Money } from '@crossbuy/core/money';
import { PAYMENT_METHOD, type PaymentMethod } from '@crossbuy/core/order';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { payments } from '../orders/order-ledger.table.js';
import { applyOrderCommand, type OrderCommandSource, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { orders } from '../orders/orders.table.js';
import { giveBackPayment } from './refund-ledger.js';
import type { CardIntent } from './stripe-gateway.js';

// Money that arrived for an order, recorded once in the order's ledger, as the order's machine decides
// under the order's lock (docs/rules/payments.md).

/** What became of money that arrived: it paid the order, it was known already, or it is owed back. */
export type ReceiptOutcome = 'paid' | 'duplicate' | 'refund_due';

export type ReceivedMoney = {
  orderId: string;
  method: PaymentMethod;
  /** The provider's id of the payment (a PaymentIntent); null for PayNow and the test card. */
  providerRef: string | null;
  amount: Money;
} & OrderCommandSource;

/**
 * The one way money that arrived is recorded, inside the caller's transaction, as the order's machine
 * decides under the order's lock: it pays the order; or it was recorded before (the pay call's answer and
 * the provider's event both report one payment); or the order no longer wants it (cancelled, paid already,
 * another amount), and it is recorded all the same, so it is in the refund ledger, and goes back to the
 * shopper: a card payment is refunded through the provider at once, a PayNow transfer is owed back for an
 * operator to return by bank transfer.
 */
export async function receivePayment(
  tx: Database,
  money: ReceivedMoney,
  command: 'receive_payment' | 'confirm_paynow' = 'receive_payment',
): Promise<ReceiptOutcome> {
  const reference = money.providerRef ?? null;
  // Two reports of one payment (the pay call's answer, the provider's event) each see, under the order's
  // lock, whether the other recorded it, or the second would count the same money twice.
  const {
    order,
    decision,
    recorded: known,
  } = await applyOrderCommand(tx, {
    orderId: money.orderId,
    paymentRef: reference,
    command: (recorded) =>
      command === 'confirm_paynow'
        ? { kind: 'confirm_paynow' }
        : {
            kind: 'receive_payment',
            amount: money.amount,
            alreadyRecorded: recorded?.status === 'succeeded',
          },
    actor: money.actor,
    actorUserId: money.actorUserId ?? null,
    detail: {
      method: money.method,
      reference: reference ?? '',
      amountMinor: money.amount.amountMinor,
      currency: money.amount.currency,
    },
  });
  if (decision.payment === 'duplicate') return 'duplicate';
  const [payment] = known
    ? await tx
        .update(payments)
        .set({
          status: 'succeeded',
          // What the provider says it took, which the order's total only expected.
          amountMinor: money.amount.amountMinor,
          currency: money.amount.currency,
          failureMessage: null,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, known.id))
        .returning()
    : await tx
        .insert(payments)
        .values({
          orderId: order.id,
          method: money.method,
          providerRef: money.providerRef,
          status: 'succeeded',
          amountMinor: money.amount.amountMinor,
          currency: money.amount.currency,
        })
        .returning();
  if (!payment) throw new Error('The payment was not written');
  if (decision.payment === 'pays_order') return 'paid';
  await recordPaymentEvent(tx, {
    orderId: order.id,
    actor: money.actor,
    actorUserId: money.actorUserId,
    detail: {
      method: money.method,
      result: 'received_after_close',
      reference: reference ?? order.orderRef,
      amountMinor: money.amount.amountMinor,
      currency: money.amount.currency,
    },
  });
  await giveBackPayment(tx, order, payment, RECEIVED_AFTER_CLOSE_REASON);
  return 'refund_due';
}

const RECEIVED_AFTER_CLOSE_REASON = 'The payment arrived after the order was closed';

/** The order an intent pays: named in its metadata, or known by the payment it was recorded as. */
async function orderOfIntent(tx: Database, intent: CardIntent): Promise<string | undefined> {
  if (intent.orderId && isUuid(intent.orderId)) return intent.orderId;
  const [payment] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerRef, intent.id));
  return payment?.orderId;
}

/**
 * Brings the store's record of a card payment in line with the provider's intent, inside the caller's
 * transaction: money taken is received (once), an intent stopped or declined is no longer in flight. An
 * intent still with the shopper's bank or the provider stays as it is. Answers what the money did, when
 * the intent took any.
 */
export async function settleCardIntent(
  tx: Database,
  intent: CardIntent,
): Promise<ReceiptOutcome | undefined> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return undefined;
  if (intent.status === 'succeeded') {
    return receivePayment(tx, {
      orderId,
      method: PAYMENT_METHOD.card,
      providerRef: intent.id,
      amount: intent.amount,
      actor: 'provider',
    });
  }
  if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
    await tx
      .update(payments)
      .set({
        status: intent.status === 'canceled' ? 'cancelled' : 'failed',
        failureMessage: intent.failureMessage,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.providerRef, intent.id), eq(payments.status, 'pending')));
  }
  return undefined;
}

/**
 * A card the bank declined: the attempt is no longer in flight, and the timeline says why, once, whether
 * the pay call's answer or the provider's event tells of it first.
 */
export async function recordCardFailure(tx: Database, intent: CardIntent): Promise<void> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return;
  // The order's lock before the payment's, as the shopper's next attempt takes them: the event of a decline
  // and the attempt after it, holding one each and waiting for the other, deadlocked.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const message = intent.failureMessage ?? 'The payment was declined';
  const failed = await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: message, updatedAt: new Date() })
    .where(and(eq(payments.providerRef, intent.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (failed.length === 0) return;
  await recordPaymentEvent(tx, {
    orderId,
    actor: 'provider',
    detail: { method: PAYMENT_METHOD.card, result: 'failed', reference: intent.id, message },
  });
}

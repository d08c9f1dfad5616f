import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import { PAYMENT_METHOD, type Refund } from '@crossbuy/core/order';
import { type OrderEvent, orderEventNotice } from '@crossbuy/core/order-words';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { notifyUser } from '../notifications/notifications.service.js';
import {
  type OrderRefundRow,
  orderRefunds,
  type PaymentRow,
  payments,
} from '../orders/order-ledger.table.js';
import { recordPaymentEvent } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import type { CardProviderContext, CardRefund } from './stripe-gateway.js';

// What the store gives back of the money an order received: refunds written under the order's row lock,
// card refunds asked of the provider after they commit, and settled once by what the provider answers.
// What an order's refunds add up to never passes what it received (docs/decisions/0042, 0056).

/** A refund written under the order's lock; a card refund still has to be asked of the provider. */
export type WrittenRefund = { refund: OrderRefundRow; askProvider: { intentId: string } | null };

/** The job that asks the card provider for a refund written pending, until it answers. */
export const ASK_CARD_REFUND_JOB = 'payments.ask_card_refund';

/** The order's succeeded payments and its refunds, oldest first. */
export async function ledgerOf(
  db: Database,
  orderId: string,
): Promise<{ payments: PaymentRow[]; refunds: OrderRefundRow[] }> {
  const [received, refunds] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  return { payments: received, refunds };
}

/** What can still be refunded of one payment: its amount less its refunds made or with the provider. */
export function remainingOf(payment: PaymentRow, refunds: readonly OrderRefundRow[]): number {
  const held = refunds
    .filter((refund) => refund.paymentId === payment.id && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return Math.max(0, payment.amountMinor - held);
}

export const moneyOf = (amountMinor: number, order: { currency: Money['currency'] }): Money => ({
  amountMinor,
  currency: order.currency,
});

/**
 * Writes a refund of `amountMinor` of one payment, inside the caller's transaction, which holds the
 * order's row lock and has had the refund allowed by the order's machine. A PayNow refund is the
 * operator's bank transfer, already made (its reference is required); a test-card refund moved no money:
 * both are made here and now. A card refund is written pending, holding its amount, and a job asks the
 * provider for it until it answers, so a refund is never lost to a provider outage or a restart.
 */
export async function writeRefund(
  tx: Database,
  order: OrderRow,
  payment: PaymentRow,
  refund: { amountMinor: number; reason: string; reference?: string | undefined; operatorId: string | null },
): Promise<WrittenRefund> {
  const byCard = payment.method === PAYMENT_METHOD.card;
  if (byCard && !payment.providerRef) throw new AppError('payment/card_unavailable');
  if (payment.method === PAYMENT_METHOD.payNow && !refund.reference)
    throw new AppError('order/invalid_refund_reference');
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      method: payment.method,
      status: byCard ? 'pending' : 'succeeded',
      amountMinor: refund.amountMinor,
      currency: payment.currency,
      reason: refund.reason,
      reference: byCard ? null : (refund.reference ?? null),
      createdByUserId: refund.operatorId,
    })
    .returning();
  if (!row) throw new Error('The refund was not written');
  if (!byCard) {
    await recordRefundMade(tx, order, row);
    return { refund: row, askProvider: null };
  }
  await enqueueJob(tx, ASK_CARD_REFUND_JOB, {
    payload: { refundId: row.id },
    singletonKey: `refund:${row.id}`,
    // The call that wrote it asks the provider itself as soon as it commits; the job is the fallback.
    runAt: new Date(Date.now() + (refund.operatorId ? 60_000 : 0)),
    maxAttempts: 20,
  });
  return { refund: row, askProvider: payment.providerRef ? { intentId: payment.providerRef } : null };
}

/**
 * Gives back money an order no longer wants (it arrived after the order was closed, or for another
 * amount), inside the receiving transaction: a card payment is refunded through the provider at once; a
 * PayNow transfer is owed back, for an operator to return by bank transfer and record. Either way the
 * ledger shows it and the shopper is told.
 */
export async function giveBackPayment(
  tx: Database,
  order: OrderRow,
  payment: PaymentRow,
  reason: string,
): Promise<void> {
  const lateMoney: OrderEvent = {
    kind: 'payment',
    fromStatus: null,
    toStatus: null,
    actor: 'system',
    detail: {
      method: payment.method,
      result: 'received_after_close',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    },
  };
  // A PayNow transfer waits for an operator's bank transfer back; a card payment is refunded at once.
  if (payment.method !== PAYMENT_METHOD.payNow) {
    await writeRefund(tx, order, payment, { amountMinor: payment.amountMinor, reason, operatorId: null });
  }
  await notifyUser(tx, {
    ...orderEventNotice(order.orderRef, lateMoney),
    userId: order.userId,
    link: `/orders/${order.id}`,
    groupKey: `order:${order.id}:returned:${payment.id}`,
  });
}

/**
 * Gives back everything an order being cancelled still holds, inside the cancelling transaction: each
 * payment's remainder is refunded (a PayNow one only with the operator's transfer reference; without it,
 * it stays owed back and shown as such).
 */
export async function giveBackRemaining(
  tx: Database,
  order: OrderRow,
  refund: { reason: string; reference?: string | undefined; operatorId: string | null },
): Promise<WrittenRefund[]> {
  const ledger = await ledgerOf(tx, order.id);
  const written: WrittenRefund[] = [];
  for (const payment of ledger.payments) {
    const remaining = remainingOf(payment, ledger.refunds);
    if (remaining === 0 || (payment.method === PAYMENT_METHOD.payNow && !refund.reference)) continue;
    const made = await writeRefund(tx, order, payment, { ...refund, amountMinor: remaining });
    if (refund.operatorId) {
      await recordAudit(tx, {
        actorUserId: refund.operatorId,
        action: 'order.refund',
        subject: { type: 'order', id: order.id },
        before: { refundableMinor: remaining, currency: payment.currency },
        after: {
          refundableMinor: 0,
          currency: payment.currency,
          refundId: made.refund.id,
          amountMinor: made.refund.amountMinor,
          method: made.refund.method,
          status: made.refund.status,
          reason: made.refund.reason,
        },
      });
    }
    written.push(made);
  }
  return written;
}

/** A refund made: the payment counts it, the order's timeline says so, and the shopper is told. */
async function recordRefundMade(tx: Database, order: OrderRow, refund: OrderRefundRow): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amountMinor}`, updatedAt: new Date() })
    .where(eq(payments.id, refund.paymentId));
  const refunded: OrderEvent = {
    kind: 'payment',
    fromStatus: null,
    toStatus: null,
    actor: refund.createdByUserId ? 'store' : 'system',
    detail: {
      method: refund.method,
      result: 'refunded',
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      reference: refund.reference ?? refund.providerRef,
    },
  };
  await recordPaymentEvent(tx, {
    orderId: order.id,
    actor: refunded.actor,
    actorUserId: refund.createdByUserId,
    detail: refunded.detail,
  });
  await notifyUser(tx, {
    ...orderEventNotice(order.orderRef, refunded),
    userId: order.userId,
    link: `/orders/${order.id}`,
    groupKey: `order:${order.id}:refund:${refund.id}`,
  });
}

/**
 * Settles a pending card refund with what the provider said, once: under the order's lock, only a refund
 * still pending changes. A provider that refused it leaves nothing refunded and frees its amount.
 */
export async function settleCardRefund(
  tx: Database,
  refundId: string,
  outcome: { providerRef: string | null; status: CardRefund['status']; failureMessage: string | null },
): Promise<OrderRefundRow | undefined> {
  const [known] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!known) return undefined;
  const [order] = await tx.select().from(orders).where(eq(orders.id, known.orderId)).for('update');
  if (!order) return undefined;
  if (outcome.status === 'pending') {
    await tx
      .update(orderRefunds)
      .set({ providerRef: outcome.providerRef, failureMessage: null, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')));
    return undefined;
  }
  const [settled] = await tx
    .update(orderRefunds)
    .set({
      status: outcome.status,
      providerRef: outcome.providerRef ?? known.providerRef,
      failureMessage: outcome.failureMessage,
      updatedAt: new Date(),
    })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
    .returning();
  if (settled?.status === 'succeeded') await recordRefundMade(tx, order, settled);
  return settled;
}

/**
 * Asks the provider for a card refund written pending. The idempotency key is the refund's id, so a
 * retry (the SDK's, the job's, or the operator's "ask again") never refunds twice. A refusal fails the
 * refund: nothing refunded, its amount free again. When it is unknown whether the provider made it (no
 * answer, its own error), the refund stays pending, holding its amount, and this throws, for the job to
 * ask again later.
 */
export async function askProviderToRefund(
  context: CardProviderContext,
  written: WrittenRefund,
): Promise<OrderRefundRow> {
  const { refund, askProvider } = written;
  if (!askProvider || refund.status !== 'pending') return refund;
  const gateway = context.gateway;
  if (!gateway) throw new AppError('payment/card_unavailable');
  let answer: CardRefund;
  try {
    answer = await gateway.refund(askProvider.intentId, refund.amountMinor, `order-refund:${refund.id}`, {
      orderId: refund.orderId,
      refundId: refund.id,
    });
  } catch (error) {
    await context.db
      .update(orderRefunds)
      .set({ failureMessage: 'The card provider did not answer; ask it again', updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')));
    throw error;
  }
  await context.db.transaction((tx) =>
    settleCardRefund(tx, refund.id, { ...answer, providerRef: answer.id }),
  );
  const [current] = await context.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return current ?? refund;
}

/** Asks the provider for a refund by its id, if it is still pending (the job's handler). */
export async function askProviderForPendingRefund(
  context: CardProviderContext,
  refundId: string,
): Promise<void> {
  const [refund] = await context.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (refund?.status !== 'pending') return;
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const intentId = payment?.providerRef;
  if (!intentId) return;
  await askProviderToRefund(context, { refund, askProvider: { intentId } });
}

export async function describeRefunds(db: Database, rows: readonly OrderRefundRow[]): Promise<Refund[]> {
  const operatorIds = [...new Set(rows.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : [])))];
  const operators =
    operatorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, operatorIds));
  const emails = new Map(operators.map((operator) => [operator.id, operator.email]));
  return rows.map((row) => ({
    id: row.id,
    amount: moneyOf(row.amountMinor, row),
    method: row.method,
    status: row.status,
    reason: row.reason,
    reference: row.reference ?? row.providerRef,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByUserId ? (emails.get(row.createdByUserId) ?? null) : null,
  }));
}

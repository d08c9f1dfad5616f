import { AppError } from '@crossbuy/core/errors';
import { formatMoney, type Money } from '@crossbuy/core/money';
import {
  type DisputeResolution,
  type OrderRefunds,
  type PaymentMethod,
  type Refund,
  type RefundRequest,
  refundableMinor,
  refundRefusal,
  STORE_CANCELLABLE_STATUSES,
  type StoreCancelRequest,
} from '@crossbuy/core/order';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { moveOrder, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import { type OrderRefundRow, orderRefunds, type PaymentRow, payments } from './payments.table.js';
import type { CardRefund, StripeGateway } from './stripe-gateway.js';

// The store gives money back: a refund of part or all of a payment, a paid order cancelled, a dispute
// settled. What an order's refunds add up to never passes what was paid: every refund is decided under the
// order's row lock, counting the refunds made and those still with the card provider.

export type RefundContext = { db: Database; gateway: StripeGateway | undefined };

/** A refund written under the order's lock; a card refund still has to be asked of the provider. */
type WrittenRefund = { refund: OrderRefundRow; askProvider: { intentId: string } | null };

async function lockedOrder(tx: Database, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    : [];
  if (!order) throw new AppError('order/not_found', [orderId]);
  return order;
}

/** The payment that paid the order and its refunds, oldest first. */
async function ledgerOf(
  db: Database,
  orderId: string,
): Promise<{ payment: PaymentRow | undefined; refunds: OrderRefundRow[] }> {
  const [[payment], refunds] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'))),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  return { payment, refunds };
}

const moneyOf = (amountMinor: number, order: { currency: Money['currency'] }): Money => ({
  amountMinor,
  currency: order.currency,
});

/**
 * Decides and writes a refund inside the caller's transaction, which holds the order's row lock. A PayNow
 * refund (the operator already sent the money by bank transfer) and a test-card refund (no money moved)
 * are made here and now; a card refund is written pending, holding its amount, for the provider to make.
 */
async function writeRefund(
  tx: Database,
  context: RefundContext,
  order: OrderRow,
  operatorId: string,
  request: Pick<RefundRequest, 'amount' | 'reason' | 'reference'>,
): Promise<WrittenRefund> {
  const { payment, refunds } = await ledgerOf(tx, order.id);
  if (!payment) throw new AppError('order/not_refundable');
  const byCard = payment.method === 'card';
  if (byCard) {
    if (!context.gateway || !payment.providerRef) throw new AppError('payment/card_unavailable');
    // One card refund of an order at a time: the provider's answer decides what the next one may take.
    if (refunds.some((refund) => refund.status === 'pending')) throw new AppError('order/refund_in_progress');
  }
  const before = refundableMinor(payment.amountMinor, refunds);
  const refusal = refundRefusal(request.amount, { currency: payment.currency, refundableMinor: before });
  if (refusal === 'order/refund_exceeds_paid') {
    throw new AppError(refusal, [formatMoney(moneyOf(before, payment))]);
  }
  if (refusal) throw new AppError(refusal);
  if (payment.method === 'paynow' && !request.reference) throw new AppError('order/invalid_refund_reference');
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      method: payment.method,
      status: byCard ? 'pending' : 'succeeded',
      amountMinor: request.amount.amountMinor,
      currency: payment.currency,
      reason: request.reason,
      reference: byCard ? null : (request.reference ?? null),
      createdByUserId: operatorId,
    })
    .returning();
  if (!refund) throw new Error('The refund was not written');
  if (!byCard) await recordRefundMade(tx, order, refund);
  await recordAudit(tx, {
    actorUserId: operatorId,
    action: 'order.refund',
    subject: { type: 'order', id: order.id },
    before: { refundableMinor: before, currency: payment.currency },
    after: {
      refundableMinor: before - refund.amountMinor,
      currency: payment.currency,
      refundId: refund.id,
      amountMinor: refund.amountMinor,
      method: refund.method,
      status: refund.status,
      reason: refund.reason,
    },
  });
  return { refund, askProvider: byCard && payment.providerRef ? { intentId: payment.providerRef } : null };
}

const REFUNDED_HOW: Record<PaymentMethod, string> = {
  card: 'to your card',
  paynow: 'by bank transfer',
  test_card: 'to the test card (no money moved)',
};

/** A refund made: the payment counts it, the order's timeline says so, and the shopper is told. */
async function recordRefundMade(tx: Database, order: OrderRow, refund: OrderRefundRow): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amountMinor}`, updatedAt: new Date() })
    .where(eq(payments.id, refund.paymentId));
  await recordPaymentEvent(tx, {
    orderId: order.id,
    actor: 'store',
    actorUserId: refund.createdByUserId,
    detail: {
      method: refund.method,
      result: 'refunded',
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      reference: refund.reference ?? refund.providerRef,
    },
  });
  const amount = formatMoney(moneyOf(refund.amountMinor, refund));
  await notifyUser(tx, {
    userId: order.userId,
    title: `Order ${order.orderRef}: ${amount} refunded`,
    body: `We have refunded ${amount} ${REFUNDED_HOW[refund.method]}: ${refund.reason}`,
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
  const order = await lockedOrder(tx, known.orderId);
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
 * retry (the SDK's, or the operator's "ask again") never refunds twice. A refusal fails the refund: nothing
 * refunded, its amount free again. When it is unknown whether the provider made it (no answer, its own
 * error), the refund stays pending, holding its amount, until the provider's event settles it or the
 * operator asks again.
 */
async function askProviderToRefund(context: RefundContext, written: WrittenRefund): Promise<OrderRefundRow> {
  const { refund, askProvider } = written;
  if (!askProvider) return refund;
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
  const settled = await context.db.transaction((tx) =>
    settleCardRefund(tx, refund.id, { ...answer, providerRef: answer.id }),
  );
  const [current] = await context.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  if (settled?.status === 'failed') throw new AppError('order/refund_refused');
  return current ?? refund;
}

/**
 * `POST /admin/orders/{id}/refunds/{refundId}/retry`: asks the provider again for a card refund still
 * pending, under the same key; a refund already settled is answered as it is.
 */
export async function retryCardRefund(
  context: RefundContext,
  orderId: string,
  refundId: string,
): Promise<Refund> {
  const [refund] =
    isUuid(orderId) && isUuid(refundId)
      ? await context.db
          .select()
          .from(orderRefunds)
          .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)))
      : [];
  if (!refund) throw new AppError('order/refund_not_found', [refundId]);
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const intentId = refund.status === 'pending' ? payment?.providerRef : null;
  const current = intentId
    ? await askProviderToRefund(context, { refund, askProvider: { intentId } })
    : refund;
  return (await describeRefunds(context.db, [current]))[0] as Refund;
}

/** `POST /admin/orders/{id}/refunds`: gives back part or all of what the order's shopper paid. */
export async function refundOrder(
  context: RefundContext,
  operatorId: string,
  orderId: string,
  request: RefundRequest,
): Promise<Refund> {
  const written = await context.db.transaction(async (tx) =>
    writeRefund(tx, context, await lockedOrder(tx, orderId), operatorId, request),
  );
  const refund = await askProviderToRefund(context, written);
  return (await describeRefunds(context.db, [refund]))[0] as Refund;
}

/**
 * `POST /admin/orders/{id}/cancel`: the store cancels a paid order nothing of which has shipped. Its stock
 * and voucher are given back as when an unpaid order expires, and with `refund` what remains of the payment
 * is refunded in the same transaction (a card refund is then asked of the provider).
 */
export async function cancelPaidOrder(
  context: RefundContext,
  operatorId: string,
  orderId: string,
  request: StoreCancelRequest,
): Promise<{ order: OrderRow; refund: Refund | null }> {
  const { order, written } = await context.db.transaction(async (tx) => {
    const before = await lockedOrder(tx, orderId);
    const { order: cancelled } = await moveOrder(tx, {
      orderId: before.id,
      to: 'cancelled',
      from: STORE_CANCELLABLE_STATUSES,
      actor: 'store',
      actorUserId: operatorId,
      detail: { reason: request.reason },
      set: { cancelReason: request.reason },
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.cancel',
      subject: { type: 'order', id: before.id },
      before: { status: before.status },
      after: { status: cancelled.status, reason: request.reason, refund: request.refund },
    });
    const remaining = await refundableOf(tx, cancelled);
    const refund =
      request.refund && remaining > 0
        ? await writeRefund(tx, context, cancelled, operatorId, {
            amount: moneyOf(remaining, cancelled),
            reason: request.reason,
            reference: request.reference,
          })
        : null;
    return { order: cancelled, written: refund };
  });
  if (!written) return { order, refund: null };
  const refund = await askProviderToRefund(context, written);
  return { order, refund: (await describeRefunds(context.db, [refund]))[0] ?? null };
}

async function refundableOf(tx: Database, order: OrderRow): Promise<number> {
  const { payment, refunds } = await ledgerOf(tx, order.id);
  return payment ? refundableMinor(payment.amountMinor, refunds) : 0;
}

/**
 * `POST /admin/orders/{id}/dispute/resolve`: the store settles a shopper's dispute: the order goes back to
 * processing, on to completed, or is cancelled, with the store's note on the timeline, and optionally a
 * refund of part or all of the payment, in one transaction.
 */
export async function resolveDispute(
  context: RefundContext,
  operatorId: string,
  orderId: string,
  resolution: DisputeResolution,
): Promise<{ order: OrderRow; refund: Refund | null }> {
  const { order, written } = await context.db.transaction(async (tx) => {
    const before = await lockedOrder(tx, orderId);
    if (before.status !== 'disputed') throw new AppError('order/not_disputed');
    const { order: settled } = await moveOrder(tx, {
      orderId: before.id,
      to: resolution.outcome,
      actor: 'store',
      actorUserId: operatorId,
      detail: { resolution: resolution.note },
      ...(resolution.outcome === 'cancelled' && { set: { cancelReason: resolution.note } }),
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.resolve_dispute',
      subject: { type: 'order', id: before.id },
      before: { status: before.status },
      after: { status: settled.status, note: resolution.note },
    });
    const refund = resolution.refund
      ? await writeRefund(tx, context, settled, operatorId, {
          amount: resolution.refund.amount,
          reason: resolution.note,
          reference: resolution.refund.reference,
        })
      : null;
    return { order: settled, written: refund };
  });
  if (!written) return { order, refund: null };
  const refund = await askProviderToRefund(context, written);
  return { order, refund: (await describeRefunds(context.db, [refund]))[0] ?? null };
}

/** `GET /admin/orders/{id}/refunds`: what was paid, what was refunded and what remains, with each refund. */
export async function listOrderRefunds(db: Database, orderId: string): Promise<OrderRefunds> {
  const [order] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order) throw new AppError('order/not_found', [orderId]);
  const { payment, refunds } = await ledgerOf(db, order.id);
  const refunded = refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return {
    paid: payment ? moneyOf(payment.amountMinor, payment) : null,
    method: payment?.method ?? null,
    refunded: moneyOf(refunded, order),
    refundable: moneyOf(payment ? refundableMinor(payment.amountMinor, refunds) : 0, order),
    refunds: await describeRefunds(db, refunds),
  };
}

async function describeRefunds(db: Database, rows: readonly OrderRefundRow[]): Promise<Refund[]> {
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

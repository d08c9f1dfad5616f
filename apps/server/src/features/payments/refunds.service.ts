import { AppError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import {
  type DisputeResolution,
  ORDER_STATUS,
  type OrderRefunds,
  owedBackMinor,
  PAYMENT_METHOD,
  type Refund,
  type RefundRequest,
  type StoreCancelRequest,
} from '@crossbuy/core/order';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { orderRefunds, type PaymentRow, payments } from '../orders/order-ledger.table.js';
import { applyOrderCommand, snapshotOf } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { stopCardPayments } from './card-payments.service.js';
import {
  askProviderToRefund,
  describeRefunds,
  giveBackRemaining,
  ledgerOf,
  moneyOf,
  remainingOf,
  type WrittenRefund,
  writeRefund,
} from './refund-ledger.js';
import type { CardProviderContext } from './stripe-gateway.js';

// The store gives money back: a refund of part or all of what an order received, an order cancelled by
// the store, a dispute settled. Each is a command to the order's machine, decided under the order's row
// lock; card refunds are asked of the provider once the decision has committed.

/**
 * Asks the provider for the card refunds just written, and answers the first as the operator sees it.
 * A refund the provider refused is `order/refund_refused`: nothing was refunded. With `afterCommit`, the
 * order was already changed (cancelled, settled): a provider that does not answer leaves the refund
 * pending, for the job to ask again, rather than answering an error for a change that was made.
 */
async function askAndDescribe(
  context: CardProviderContext,
  written: readonly WrittenRefund[],
  options: { afterCommit?: boolean } = {},
): Promise<Refund | null> {
  const asked = [];
  for (const refund of written) {
    try {
      asked.push(await askProviderToRefund(context, refund));
    } catch (error) {
      if (!options.afterCommit || !(error instanceof AppError) || error.code !== 'payment/provider_error') {
        throw error;
      }
      asked.push(refund.refund);
    }
  }
  if (asked.some((refund) => refund.status === 'failed')) throw new AppError('order/refund_refused');
  const [first] = await describeRefunds(context.db, asked);
  return first ?? null;
}

/**
 * `POST /admin/orders/{id}/refunds`: gives back part or all of what the order received, from the
 * payment with enough left (an order has one, unless money arrived after it closed).
 */
export async function refundOrder(
  context: CardProviderContext,
  operatorId: string,
  orderId: string,
  request: RefundRequest,
): Promise<Refund> {
  if (!isUuid(orderId)) throw new AppError('order/not_found', [orderId]);
  const written = await context.db.transaction(async (tx) => {
    const { order, snapshot } = await applyOrderCommand(tx, {
      orderId,
      command: { kind: 'refund', amount: request.amount },
      actor: 'store',
      actorUserId: operatorId,
    });
    if (order.paymentMethod === PAYMENT_METHOD.card && !context.gateway)
      throw new AppError('payment/card_unavailable');
    const payment = await paymentToRefund(tx, order, request.amount.amountMinor);
    const refund = await writeRefund(tx, order, payment, {
      amountMinor: request.amount.amountMinor,
      reason: request.reason,
      reference: request.reference,
      operatorId,
    });
    const before =
      snapshot.ledger.receivedMinor - snapshot.ledger.refundedMinor - snapshot.ledger.refundingMinor;
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.refund',
      subject: { type: 'order', id: order.id },
      before: { refundableMinor: before, currency: order.currency },
      after: {
        refundableMinor: before - refund.refund.amountMinor,
        currency: order.currency,
        refundId: refund.refund.id,
        amountMinor: refund.refund.amountMinor,
        method: refund.refund.method,
        status: refund.refund.status,
        reason: refund.refund.reason,
      },
    });
    return refund;
  });
  return (await askAndDescribe(context, [written])) as Refund;
}

/**
 * The payment a refund the machine allowed comes out of: the first with enough left. An order has one
 * payment unless money arrived after it closed; a refund must fit within one of them.
 */
async function paymentToRefund(tx: Database, order: OrderRow, amountMinor: number): Promise<PaymentRow> {
  const ledger = await ledgerOf(tx, order.id);
  const remaining = ledger.payments.map((payment) => ({
    payment,
    left: remainingOf(payment, ledger.refunds),
  }));
  const fitting = remaining.find(({ left }) => left >= amountMinor);
  if (!fitting) {
    const largest = Math.max(0, ...remaining.map(({ left }) => left));
    throw new AppError('order/refund_exceeds_paid', [formatMoney(moneyOf(largest, order))]);
  }
  return fitting.payment;
}

/**
 * `POST /admin/orders/{id}/refunds/{refundId}/retry`: asks the provider again for a card refund still
 * pending, under the same key; a refund already settled is answered as it is.
 */
export async function retryCardRefund(
  context: CardProviderContext,
  orderId: string,
  refundId: string,
): Promise<Refund> {
  const [refund] =
    isUuid(orderId) && isUuid(refundId)
      ? await context.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId))
      : [];
  if (!refund || refund.orderId !== orderId) throw new AppError('order/refund_not_found', [refundId]);
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const intentId = refund.status === 'pending' ? payment?.providerRef : null;
  const current = intentId
    ? await askProviderToRefund(context, { refund, askProvider: { intentId } })
    : refund;
  if (intentId && current.status === 'failed') throw new AppError('order/refund_refused');
  return (await describeRefunds(context.db, [current]))[0] as Refund;
}

/**
 * `POST /admin/orders/{id}/cancel`: the store cancels an order nothing of which has shipped, unpaid or
 * paid. A card payment still in flight is stopped at the provider first. Stock, voucher and quoted items
 * are given back as when an unpaid order expires, and everything the order received goes back to the
 * shopper in the same transaction: a card payment is refunded through the provider, a PayNow one is
 * recorded with the operator's transfer reference, or stays owed back until it is.
 */
export async function cancelOrderByStore(
  context: CardProviderContext,
  operatorId: string,
  orderId: string,
  request: StoreCancelRequest,
): Promise<{ order: OrderRow; refund: Refund | null }> {
  if (!isUuid(orderId)) throw new AppError('order/not_found', [orderId]);
  await stopCardPayments(context, orderId);
  const { order, written } = await context.db.transaction(async (tx) => {
    const { before, order: cancelled } = await applyOrderCommand(tx, {
      orderId,
      command: { kind: 'cancel', by: 'store' },
      actor: 'store',
      actorUserId: operatorId,
      detail: { reason: request.reason },
      set: { cancelReason: request.reason },
      givesBackMoney: true,
    });
    const refunds = await giveBackRemaining(tx, cancelled, {
      reason: request.reason,
      reference: request.reference,
      operatorId,
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.cancel',
      subject: { type: 'order', id: before.id },
      before: { status: before.status },
      after: { status: cancelled.status, reason: request.reason, refunds: refunds.length },
    });
    return { order: cancelled, written: refunds };
  });
  return { order, refund: await askAndDescribe(context, written, { afterCommit: true }) };
}

/**
 * `POST /admin/orders/{id}/dispute/resolve`: the store settles a shopper's dispute: the order goes back to
 * processing, on to completed, or is cancelled, with the store's note on the timeline. A cancelled order
 * gives back everything it holds; otherwise a refund of part or all of it may go with the settlement, in
 * one transaction.
 */
export async function resolveDispute(
  context: CardProviderContext,
  operatorId: string,
  orderId: string,
  resolution: DisputeResolution,
): Promise<{ order: OrderRow; refund: Refund | null }> {
  if (!isUuid(orderId)) throw new AppError('order/not_found', [orderId]);
  const { order, written } = await context.db.transaction(async (tx) => {
    const { before, order: settled } = await applyOrderCommand(tx, {
      orderId,
      command: { kind: 'resolve_dispute', outcome: resolution.outcome },
      actor: 'store',
      actorUserId: operatorId,
      detail: { resolution: resolution.note },
      ...(resolution.outcome === ORDER_STATUS.cancelled && { set: { cancelReason: resolution.note } }),
      givesBackMoney: true,
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.resolve_dispute',
      subject: { type: 'order', id: before.id },
      before: { status: before.status },
      after: { status: settled.status, note: resolution.note },
    });
    if (settled.status === ORDER_STATUS.cancelled) {
      const refunds = await giveBackRemaining(tx, settled, {
        reason: resolution.note,
        reference: resolution.refund?.reference,
        operatorId,
      });
      return { order: settled, written: refunds };
    }
    if (!resolution.refund) return { order: settled, written: [] };
    const { amount, reference } = resolution.refund;
    await applyOrderCommand(tx, {
      orderId,
      command: { kind: 'refund', amount },
      actor: 'store',
      actorUserId: operatorId,
    });
    const payment = await paymentToRefund(tx, settled, amount.amountMinor);
    const refund = await writeRefund(tx, settled, payment, {
      amountMinor: amount.amountMinor,
      reason: resolution.note,
      reference,
      operatorId,
    });
    return { order: settled, written: [refund] };
  });
  return { order, refund: await askAndDescribe(context, written, { afterCommit: true }) };
}

/**
 * `GET /admin/orders/{id}/refunds`: what the order received, what was refunded, what can still be
 * refunded and what the store owes back (money a cancelled order still holds), with each refund.
 */
export async function listOrderRefunds(db: Database, orderId: string): Promise<OrderRefunds> {
  const [order] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order) throw new AppError('order/not_found', [orderId]);
  const [ledger, snapshot] = await Promise.all([ledgerOf(db, order.id), snapshotOf(db, order)]);
  const received = ledger.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const [first] = ledger.payments;
  return {
    paid: first ? moneyOf(received, order) : null,
    method: first?.method ?? null,
    refunded: moneyOf(snapshot.ledger.refundedMinor, order),
    refundable: moneyOf(
      ledger.payments.reduce((sum, payment) => sum + remainingOf(payment, ledger.refunds), 0),
      order,
    ),
    owedBack: moneyOf(owedBackMinor(snapshot), order),
    refunds: await describeRefunds(db, ledger.refunds),
  };
}

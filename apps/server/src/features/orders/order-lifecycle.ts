import { AppError } from '@crossbuy/core/errors';
import {
  canMoveOrder,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TIME_FIELDS,
  type OrderStatus,
} from '@crossbuy/core/order';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { releaseOrderHoldings } from './order-stock.js';
import { announceOrderChange } from './order-timeline.js';
import { type OrderEventRow, type OrderRow, orderEvents, orders } from './orders.table.js';

export type OrderActor = 'shopper' | 'store' | 'system' | 'provider';

export type OrderMove = {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: string | null;
  /** Said with the change: a reason, a tracking number, a payment reference. */
  detail?: Record<string, string | number | boolean | null>;
  /** Statuses the order must be in for this move, narrower than the lifecycle allows (a shopper's cancel). */
  from?: readonly OrderStatus[];
  /** Other columns written with the change (tracking number, cancel reason). */
  set?: Partial<Pick<OrderRow, 'trackingNumber' | 'cancelReason'>>;
};

export type OrderMoved = { order: OrderRow; event: OrderEventRow };

/**
 * The one way an order changes status, inside the caller's transaction: the order row is locked, the move
 * is checked against the lifecycle (core ORDER_TRANSITIONS), the status and its time are written, the
 * change is recorded as an order event, and the shopper is notified. A cancelled order gives back what it
 * held (stock, voucher, quoted items). Every open timeline of the order hears of the change when it commits. Two parallel moves of one order are
 * serialised by the row lock, so "paid once" and "cancelled once" hold.
 */
export async function moveOrder(tx: Database, move: OrderMove): Promise<OrderMoved> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, move.orderId)).for('update');
  if (!current) throw new AppError('order/not_found', [move.orderId]);
  const allowed = move.from ?? [current.status];
  if (!allowed.includes(current.status) || !canMoveOrder(current.status, move.to)) {
    throw new AppError('order/invalid_transition', [
      ORDER_STATUS_LABELS[current.status].toLowerCase(),
      ORDER_STATUS_LABELS[move.to].toLowerCase(),
    ]);
  }
  const [order] = await tx
    .update(orders)
    .set({
      status: move.to,
      [ORDER_STATUS_TIME_FIELDS[move.to]]: sql`now()`,
      ...move.set,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, move.orderId))
    .returning();
  if (!order) throw new AppError('order/not_found', [move.orderId]);
  if (move.to === 'cancelled') await releaseOrderHoldings(tx, order);
  const [event] = await tx
    .insert(orderEvents)
    .values({
      orderId: order.id,
      kind: 'status',
      fromStatus: current.status,
      toStatus: move.to,
      actor: move.actor,
      actorUserId: move.actorUserId ?? null,
      detail: move.detail ?? {},
    })
    .returning();
  if (!event) throw new Error('The order event was not written');
  await notifyUser(tx, {
    userId: order.userId,
    title: `Order ${order.orderRef}: ${ORDER_STATUS_LABELS[move.to]}`,
    body: statusNotice(move.to, order),
    link: `/orders/${order.id}`,
    groupKey: `order:${order.id}:status`,
  });
  await announceOrderChange(tx, order.id);
  return { order, event };
}

/** Records a payment event (an attempt, a failure, a refund) on the order's timeline. */
export async function recordPaymentEvent(
  tx: Database,
  event: {
    orderId: string;
    actor: OrderActor;
    actorUserId?: string | null;
    detail: Record<string, string | number | boolean | null>;
  },
): Promise<OrderEventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId: event.orderId,
      kind: 'payment',
      actor: event.actor,
      actorUserId: event.actorUserId ?? null,
      detail: event.detail,
    })
    .returning();
  if (!row) throw new Error('The payment event was not written');
  await announceOrderChange(tx, event.orderId);
  return row;
}

function statusNotice(status: OrderStatus, order: OrderRow): string {
  switch (status) {
    case 'pending_payment':
      return 'We have your order. Pay for it to have it prepared.';
    case 'paid':
      return 'Thank you, your payment has been received.';
    case 'processing':
      return 'We are preparing your order.';
    case 'shipped':
      return order.trackingNumber
        ? `Your order is on its way; tracking number ${order.trackingNumber}.`
        : 'Your order is on its way.';
    case 'delivered':
      return 'Your order has been delivered.';
    case 'completed':
      return 'Your order is complete. Thank you for shopping with us.';
    case 'cancelled':
      return order.cancelReason
        ? `Your order was cancelled: ${order.cancelReason}`
        : 'Your order was cancelled.';
    case 'disputed':
      return 'Your dispute has been opened; we will reply in the order chat.';
  }
}

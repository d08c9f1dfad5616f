import { AppError } from '@crossbuy/core/errors';
import { ORDER_STATUS, type Order, type StoreOrderMove } from '@crossbuy/core/order';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { applyOrderCommand, type OrderCommandRequest } from './order-lifecycle.js';
import { describeOrder, ownOrderRow } from './orders.service.js';
import type { OrderRow } from './orders.table.js';

// The store's and the shopper's moves of an order, each through the order's machine under its row lock
// (order-lifecycle.ts, docs/rules/orders.md). Cancelling an unpaid order stops its card payments
// first, so it is the payments feature's (payments/unpaid-orders.ts).

/**
 * The store moves an order on (processing, shipped with its tracking number, delivered, completed) as the
 * lifecycle allows; the shopper is told and their open order page hears of it, and the change goes to the
 * audit log with the status and tracking number it found under the order's lock.
 */
export async function storeMoveOrder(
  db: Database,
  operatorId: string,
  orderId: string,
  move: { to: StoreOrderMove; trackingNumber?: string | undefined },
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new AppError('order/not_found', [orderId]);
  return db.transaction(async (tx) => {
    const shipment =
      move.to === ORDER_STATUS.shipped ? { trackingNumber: move.trackingNumber ?? null } : undefined;
    const { before, order } = await applyOrderCommand(tx, {
      orderId,
      command: { kind: 'advance', to: move.to },
      actor: 'store',
      actorUserId: operatorId,
      ...(shipment && { detail: shipment, set: shipment }),
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.move',
      subject: { type: 'order', id: orderId },
      before: { status: before.status, trackingNumber: before.trackingNumber },
      after: { status: order.status, trackingNumber: order.trackingNumber },
    });
    return order;
  });
}

/**
 * A command the shopper gives their own order, in one transaction holding the order's row lock, so the
 * order decided on is the order changed: a parallel expiry or payment is either seen or waits. Another
 * shopper's order is not found.
 */
export async function commandOwnOrder(
  db: Database,
  userId: string,
  orderId: string,
  change: Pick<OrderCommandRequest, 'command' | 'detail' | 'set'>,
): Promise<Order> {
  const moved = await db.transaction(async (tx) => {
    const order = await ownOrderRow(tx, userId, orderId);
    return applyOrderCommand(tx, { ...change, orderId: order.id, actor: 'shopper', actorUserId: userId });
  });
  return describeOrder(db, moved.order);
}

/** The shopper says a shipped or delivered order arrived: it is completed. */
export function confirmReceipt(db: Database, userId: string, orderId: string): Promise<Order> {
  return commandOwnOrder(db, userId, orderId, { command: { kind: 'confirm_receipt' } });
}

export function openDispute(db: Database, userId: string, orderId: string, reason: string): Promise<Order> {
  return commandOwnOrder(db, userId, orderId, { command: { kind: 'open_dispute' }, detail: { reason } });
}

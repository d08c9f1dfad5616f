import { AppError } from '@crossbuy/core/errors';
import {
  decideOrder,
  EMPTY_LEDGER,
  ORDER_STATUS,
  ORDER_STATUS_TIME_FIELDS,
  type OrderActor,
  type OrderCommand,
  type OrderDecision,
  type OrderSnapshot,
  type OrderStatus,
} from '@crossbuy/core/order';
import { type OrderEvent, orderEventNotice } from '@crossbuy/core/order-words';
import { eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { notificationInsert } from '../notifications/notifications.service.js';
import { orderRefunds, payments } from './order-ledger.table.js';
import { releaseOrderHoldings } from './order-stock.js';
import { orderChangeNotification } from './order-timeline.js';
import { type OrderRow, orderEvents, orders } from './orders.table.js';

export type { OrderActor };

/** Who asks for a change, as the order's timeline records it. */
export type OrderCommandSource = { actor: OrderActor; actorUserId?: string | null };

/** A payment already recorded under the provider's reference a report of money names. */
export type RecordedPayment = { id: string; status: string };

export type OrderCommandRequest = OrderCommandSource & {
  orderId: string;
  /**
   * What to do; as a function, decided on the payment recorded under `paymentRef` (if any), read under
   * the order's lock with its money, so two reports of one payment each see whether the other recorded it.
   */
  command: OrderCommand | ((recorded: RecordedPayment | undefined) => OrderCommand);
  /** The provider's reference of the payment the command is about. */
  paymentRef?: string | null;
  /** Said with a status change: a reason, a tracking number, a payment reference. */
  detail?: Record<string, string | number | boolean | null>;
  /** Other columns written with a status change (the shipment's carrier and tracking, cancel reason). */
  set?: Partial<Pick<OrderRow, 'trackingNumber' | 'carrier' | 'trackingUrl' | 'cancelReason'>>;
  /**
   * The caller gives back the money a cancelled order still holds (refunds.service). Any other caller
   * that would cancel an order holding money is a mistake the machine does not let through.
   */
  givesBackMoney?: boolean;
  /** Skip an order another transaction holds instead of waiting for it (the expiry sweep). */
  skipLocked?: boolean;
};

export type AppliedCommand = {
  /** The order as the command found it, under its row lock. */
  before: OrderRow;
  /** The order as the command left it. */
  order: OrderRow;
  snapshot: OrderSnapshot;
  decision: AcceptedDecision;
  /** The payment recorded under the request's `paymentRef`, as the lock found it. */
  recorded: RecordedPayment | undefined;
};

type AcceptedDecision = Extract<OrderDecision, { ok: true }>;

const lockOrder = builtOnce('orders_lock_row', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .for('update'),
);
const lockOrderUnlessHeld = builtOnce('orders_lock_row_unless_held', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .for('update', { skipLocked: true }),
);

/**
 * The one way anything happens to an order, inside the caller's transaction: the order row is locked, its
 * money read under the lock, the command decided by the order's state machine (core decideOrder), and a
 * status change written with its time, an order event, the shopper's notice and the open timelines' news;
 * a cancelled order gives back what it held (stock, voucher, quoted items). A refusal throws its catalogue
 * error and changes nothing. Two commands on one order are serialised by the row lock, so each is decided
 * on the order as the other left it. Returns undefined only with `skipLocked`, when another transaction
 * holds the order.
 */
export async function applyOrderCommand(
  tx: Database,
  request: OrderCommandRequest & { skipLocked: true },
): Promise<AppliedCommand | undefined>;
export async function applyOrderCommand(tx: Database, request: OrderCommandRequest): Promise<AppliedCommand>;
export async function applyOrderCommand(
  tx: Database,
  request: OrderCommandRequest,
): Promise<AppliedCommand | undefined> {
  const [before] = await (request.skipLocked ? lockOrderUnlessHeld : lockOrder)(tx, {
    orderId: request.orderId,
  });
  if (!before) {
    if (request.skipLocked) return undefined;
    throw new AppError('order/not_found', [request.orderId]);
  }
  const { snapshot, recorded } = await readSnapshot(tx, before, request.paymentRef ?? null);
  const command = typeof request.command === 'function' ? request.command(recorded) : request.command;
  const decision = decideOrder(snapshot, command);
  if (!decision.ok) throw new AppError(decision.refusal, decision.params);
  if (decision.refundRemaining && !request.givesBackMoney) {
    throw new Error(`order ${before.id} would be cancelled holding money nobody gives back`);
  }
  const order = decision.to
    ? await writeMove(tx, before, decision.to, request)
    : command.kind === 'mark_paynow_sent' && before.paynowMarkedPaidAt === null
      ? await writePaynowMarked(tx, before)
      : before;
  return { before, order, snapshot, decision, recorded };
}

type OrderMoney = {
  received: number | string;
  refunded: number | string;
  refunding: number | string;
  card_refund_pending: boolean;
  card_attempt_active_at: Date | string | null;
  recorded_payment: RecordedPayment | null;
};

const moneyOfOrder = builtOnce<{ orderId: string; paymentRef: string | null }, OrderMoney>(
  'orders_money_snapshot',
  () => {
    const orderId = sql.placeholder('orderId');
    return sql`SELECT
          coalesce((SELECT sum(amount_minor) FROM ${payments}
                     WHERE order_id = ${orderId} AND status = 'succeeded'), 0)::bigint AS received,
          coalesce((SELECT sum(amount_minor) FROM ${orderRefunds}
                     WHERE order_id = ${orderId} AND status = 'succeeded'), 0)::bigint AS refunded,
          coalesce((SELECT sum(amount_minor) FROM ${orderRefunds}
                     WHERE order_id = ${orderId} AND status = 'pending'), 0)::bigint AS refunding,
          EXISTS (SELECT 1 FROM ${orderRefunds}
                   WHERE order_id = ${orderId} AND status = 'pending' AND method = 'card') AS card_refund_pending,
          (SELECT max(updated_at) FROM ${payments}
            WHERE order_id = ${orderId} AND method = 'card' AND status = 'pending') AS card_attempt_active_at,
          (SELECT json_build_object('id', id, 'status', status) FROM ${payments}
            WHERE provider_ref = ${sql.placeholder('paymentRef')}::text) AS recorded_payment`;
  },
);

/** The order's money and payments in flight, read under the order's row lock in one round trip. */
export async function snapshotOf(tx: Database, order: OrderRow): Promise<OrderSnapshot> {
  return (await readSnapshot(tx, order, null)).snapshot;
}

/**
 * The machine's view of an order row, given the money its ledger holds and any card payment in flight.
 * Without them it is the view from the row alone, which is what a check before the lock can see.
 */
export function snapshotOfRow(
  order: OrderRow,
  money: Pick<OrderSnapshot, 'ledger' | 'cardAttemptActiveAt'> = {
    ledger: EMPTY_LEDGER,
    cardAttemptActiveAt: null,
  },
): OrderSnapshot {
  return {
    status: order.status,
    method: order.paymentMethod,
    totalMinor: order.totalMinor,
    currency: order.currency,
    paymentDueAt: order.paymentDueAt,
    paynowMarked: order.paynowMarkedPaidAt !== null,
    ...money,
  };
}

async function readSnapshot(
  tx: Database,
  order: OrderRow,
  paymentRef: string | null,
): Promise<{ snapshot: OrderSnapshot; recorded: RecordedPayment | undefined }> {
  const [money] = await moneyOfOrder(tx, { orderId: order.id, paymentRef });
  const activeAt = money?.card_attempt_active_at;
  const snapshot = snapshotOfRow(order, {
    cardAttemptActiveAt: activeAt ? new Date(activeAt) : null,
    ledger: {
      receivedMinor: Number(money?.received ?? 0),
      refundedMinor: Number(money?.refunded ?? 0),
      refundingMinor: Number(money?.refunding ?? 0),
      cardRefundPending: money?.card_refund_pending ?? false,
    },
  });
  return { snapshot, recorded: money?.recorded_payment ?? undefined };
}

/**
 * The shopper said the PayNow transfer is made. The order stays waiting for an operator to see it arrive,
 * but from now on it does not expire unpaid (the expiry sweep passes over it).
 */
async function writePaynowMarked(tx: Database, current: OrderRow): Promise<OrderRow> {
  const markedAt = new Date();
  const [order] = await tx
    .update(orders)
    .set({ paynowMarkedPaidAt: markedAt, updatedAt: markedAt })
    .where(eq(orders.id, current.id))
    .returning();
  if (!order) throw new AppError('order/not_found', [current.id]);
  return order;
}

/** Writes a status change the machine decided, with everything that goes with it. */
async function writeMove(
  tx: Database,
  current: OrderRow,
  to: OrderStatus,
  request: OrderCommandRequest,
): Promise<OrderRow> {
  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      [ORDER_STATUS_TIME_FIELDS[to]]: sql`now()`,
      ...request.set,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, current.id))
    .returning();
  if (!order) throw new AppError('order/not_found', [current.id]);
  if (to === ORDER_STATUS.cancelled) await releaseOrderHoldings(tx, order);
  const move: OrderEvent = {
    kind: 'status',
    fromStatus: current.status,
    toStatus: to,
    actor: request.actor,
    detail: request.detail ?? {},
  };
  const event = tx.insert(orderEvents).values({
    ...move,
    orderId: order.id,
    actorUserId: request.actorUserId ?? null,
  });
  const notice = notificationInsert(tx, {
    ...orderEventNotice(order.orderRef, move),
    userId: order.userId,
    link: `/orders/${order.id}`,
    groupKey: `order:${order.id}:status`,
  });
  // One round trip for the three: under load a move costs what its round trips cost.
  await queryRows(
    tx,
    sql`WITH status_event AS (${event.getSQL()}), status_notice AS (${notice.getSQL()})
        SELECT ${orderChangeNotification(order.id)}`,
    { prepareAs: 'orders_move_news' },
  );
  return order;
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
): Promise<void> {
  const written = tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: 'payment',
    actor: event.actor,
    actorUserId: event.actorUserId ?? null,
    detail: event.detail,
  });
  await queryRows(
    tx,
    sql`WITH payment_event AS (${written.getSQL()}) SELECT ${orderChangeNotification(event.orderId)}`,
    { prepareAs: 'orders_payment_event' },
  );
}

import { AppError, formatErrorMessage } from '@crossbuy/core/errors';
import {
  type BulkShipment,
  findCarrier,
  ORDER_STATUS,
  type ShipmentRefusal,
  type StoreOrder,
  trackingUrlOf,
} from '@crossbuy/core/order';
import { and, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueMail } from '../mail/mailer.js';
import { orderShippedMail } from '../mail/templates.js';
import { readCarriers } from '../settings/carrier-settings.service.js';
import { users } from '../users/users.table.js';
import { applyOrderCommand } from './order-lifecycle.js';
import { toOrder } from './orders.service.js';
import { type OrderRow, orderLines, orderMessages, orders } from './orders.table.js';

// Fulfilment from the back office (docs/features/fulfilment.md): the store's full view of orders, for their page
// and their packing slips, and shipping them, one or many at a time, with a carrier from the store's list.

/**
 * Orders as the store sees them, in the order the ids were given: lines, addresses, notes and who placed
 * each. `unreadMessages` counts the shopper's messages the store has not read. An id that is no order
 * answers order/not_found, naming it.
 */
export async function storeOrdersByIds(db: Database, orderIds: readonly string[]): Promise<StoreOrder[]> {
  const missing = orderIds.find((id) => !isUuid(id));
  if (missing !== undefined) throw new AppError('order/not_found', [missing]);
  const ids = [...new Set(orderIds)];
  const rows = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
  const found = new Map(rows.map((row) => [row.order.id, row]));
  const absent = ids.find((id) => !found.has(id));
  if (absent !== undefined) throw new AppError('order/not_found', [absent]);
  const [lines, unread] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
    db
      .select({ orderId: orderMessages.orderId, unread: count() })
      .from(orderMessages)
      .innerJoin(orders, eq(orders.id, orderMessages.orderId))
      .where(
        and(
          inArray(orderMessages.orderId, ids),
          eq(orderMessages.fromStore, false),
          or(isNull(orders.storeReadAt), gt(orderMessages.createdAt, orders.storeReadAt)),
        ),
      )
      .groupBy(orderMessages.orderId),
  ]);
  const unreadOf = new Map(unread.map((row) => [row.orderId, row.unread]));
  return ids.map((id) => {
    const row = found.get(id) as (typeof rows)[number];
    const order = toOrder(
      row.order,
      lines.filter((line) => line.orderId === id),
      unreadOf.get(id) ?? 0,
    );
    return {
      ...order,
      shopper: { id: row.order.userId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() },
    };
  });
}

export async function storeOrder(db: Database, orderId: string): Promise<StoreOrder> {
  const [order] = await storeOrdersByIds(db, [orderId]);
  if (!order) throw new AppError('order/not_found', [orderId]);
  return order;
}

/** A bulk shipment some of whose orders cannot ship: nothing shipped, and each refusal is named. */
export class ShipmentRefused extends Error {
  override readonly name = 'ShipmentRefused';
  constructor(
    readonly refusals: ShipmentRefusal[],
    /** The catalogue error of each refused order, by its id. */
    readonly causes: ReadonlyMap<string, AppError>,
  ) {
    super(`${refusals.length} order(s) cannot be shipped`);
  }
}

/**
 * Ships orders with one carrier of the store's list, each under its own tracking number, every one or
 * none: each goes through the order's state machine (applyOrderCommand) with the carrier, tracking number
 * and tracking link, is audited, and mails its shopper the tracking link, all in one transaction. If any
 * order is refused (not found, not being prepared, moved by someone else meanwhile), the transaction rolls
 * back and ShipmentRefused names every refused order. Orders are locked in id order, so two bulk shipments
 * sharing orders wait for each other rather than deadlock.
 */
export async function shipOrders(
  db: Database,
  operatorId: string,
  shipment: BulkShipment,
  /** Where the mail's link to the shopper's order page points (lib/link-origin.ts). */
  linkOrigin: string,
): Promise<OrderRow[]> {
  return db.transaction(async (tx) => {
    const carrier = findCarrier(await readCarriers(tx), shipment.carrier);
    if (!carrier) throw new AppError('order/invalid_carrier');
    const inLockOrder = [...shipment.shipments].sort((a, b) => a.orderId.localeCompare(b.orderId));
    const shipped = new Map<string, OrderRow>();
    const refused: { orderId: string; error: AppError }[] = [];
    for (const { orderId, trackingNumber } of inLockOrder) {
      if (!isUuid(orderId)) {
        refused.push({ orderId, error: new AppError('order/not_found', [orderId]) });
        continue;
      }
      const details = {
        trackingNumber,
        carrier: carrier.name,
        trackingUrl: trackingUrlOf(carrier.trackingUrlTemplate, trackingNumber),
      };
      try {
        const { before, order } = await applyOrderCommand(tx, {
          orderId,
          command: { kind: 'advance', to: ORDER_STATUS.shipped },
          actor: 'store',
          actorUserId: operatorId,
          detail: { trackingNumber, carrier: carrier.name },
          set: details,
        });
        await recordAudit(tx, {
          actorUserId: operatorId,
          action: 'order.move',
          subject: { type: 'order', id: orderId },
          before: { status: before.status, trackingNumber: before.trackingNumber, carrier: before.carrier },
          after: { status: order.status, trackingNumber, carrier: carrier.name },
        });
        await mailShipment(tx, order, details, linkOrigin);
        shipped.set(orderId, order);
      } catch (error) {
        // A refusal by the machine changes nothing before it throws, so the transaction can go on to name
        // the other orders' refusals; it is rolled back below all the same.
        if (!(error instanceof AppError)) throw error;
        refused.push({ orderId, error });
      }
    }
    if (refused.length > 0) {
      const causes = new Map(refused.map((refusal) => [refusal.orderId, refusal.error]));
      throw new ShipmentRefused(await refusalsOf(tx, shipment, refused), causes);
    }
    return shipment.shipments.map(({ orderId }) => shipped.get(orderId) as OrderRow);
  });
}

/** The refusals in the order the shipments were asked for, each with its order's reference when it has one. */
async function refusalsOf(
  tx: Database,
  shipment: BulkShipment,
  refused: readonly { orderId: string; error: AppError }[],
): Promise<ShipmentRefusal[]> {
  const ids = refused.map((refusal) => refusal.orderId).filter(isUuid);
  const refs =
    ids.length === 0
      ? []
      : await tx
          .select({ id: orders.id, orderRef: orders.orderRef })
          .from(orders)
          .where(inArray(orders.id, ids));
  const refOf = new Map(refs.map((row) => [row.id, row.orderRef]));
  const errorOf = new Map(refused.map((refusal) => [refusal.orderId, refusal.error]));
  return shipment.shipments.flatMap(({ orderId }) => {
    const error = errorOf.get(orderId);
    if (!error) return [];
    return [
      {
        orderId,
        orderRef: refOf.get(orderId) ?? null,
        code: error.code,
        message: formatErrorMessage(error.code, error.params),
      },
    ];
  });
}

/** The shipped mail, queued with the shipment so it goes once the orders commit and never if they do not. */
async function mailShipment(
  tx: Database,
  order: OrderRow,
  shipment: { trackingNumber: string; carrier: string; trackingUrl: string },
  linkOrigin: string,
): Promise<void> {
  const [shopper] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!shopper) throw new Error('an order without its shopper');
  await enqueueMail(tx, {
    template: 'order_shipped',
    to: shopper.email,
    content: orderShippedMail({
      firstName: shopper.firstName,
      orderRef: order.orderRef,
      ...shipment,
      link: new URL(`/orders/${order.id}`, linkOrigin).toString(),
    }),
  });
}

/** Ships one order; a refusal answers the order's own catalogue error rather than a bulk refusal. */
export async function shipOrder(
  db: Database,
  operatorId: string,
  orderId: string,
  shipment: { carrier: string; trackingNumber: string },
  linkOrigin: string,
): Promise<OrderRow> {
  try {
    const [order] = await shipOrders(
      db,
      operatorId,
      { carrier: shipment.carrier, shipments: [{ orderId, trackingNumber: shipment.trackingNumber }] },
      linkOrigin,
    );
    if (!order) throw new AppError('order/not_found', [orderId]);
    return order;
  } catch (error) {
    throw (error instanceof ShipmentRefused && error.causes.get(orderId)) || error;
  }
}

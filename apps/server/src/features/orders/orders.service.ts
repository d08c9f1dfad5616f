import { randomBytes } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import { type Order, type OrderStatus, type OrderSummary, orderReference } from '@crossbuy/core/order';
import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isUuid } from '../../lib/ids.js';
import type { OrderLineDraft } from './order-line-draft.js';
import { stockChanges, stockTakenBy } from './order-stock.js';
import {
  type OrderLineRow,
  type OrderRow,
  orderEvents,
  orderLines,
  orderMessages,
  orders,
} from './orders.table.js';

// Orders (docs/rules/orders.md): writing a new order for checkout, which places it
// (checkout/place-order.ts), and reading orders as the shopper and the store see them. The store's desk
// is store-orders.service.ts; moving an order on, order-moves.ts.

/** The order; and, when it was placed just now, its lines as written (a repeated submission reads them). */
export type PlacedOrder = { order: OrderRow; created: boolean; lines?: readonly OrderLineRow[] };

/**
 * Writes what a new order holds and what it takes, in one statement: its lines (with the products as
 * bought), its first event, the stock it takes, and `alongside` it what the placing feature changes with it
 * (the cart lines and quotation items it took, the session that placed it, its mail and notice). One round
 * trip instead of eight, because under load an order costs what its round trips cost; every part names
 * the order and commits or rolls back with the order's transaction.
 */
export async function recordOrderContents(
  tx: Database,
  placed: { order: OrderRow; lines: readonly OrderLineDraft[]; alongside: readonly SQL[] },
): Promise<OrderLineRow[]> {
  const { order } = placed;
  const lineValues = placed.lines.map((line, position) => ({
    position,
    source: line.source,
    cart_item_id: line.source === 'cart' ? line.id : null,
    quotation_item_id: line.source === 'cart' ? null : line.id,
    product_id: line.productId,
    variant_path: line.variantPath,
    quantity: line.quantity,
    unit_price_minor: line.unitPrice.amountMinor,
    line_total_minor: line.total.amountMinor,
    message: line.message,
    capture: line.capture,
  }));
  const ctes = [
    sql`written_lines AS (
          INSERT INTO ${orderLines} (order_id, position, source, cart_item_id, quotation_item_id, product_id,
                                     variant_path, quantity, unit_price_minor, line_total_minor, message, capture)
          SELECT ${order.id}, l.position, l.source, l.cart_item_id, l.quotation_item_id, l.product_id,
                 l.variant_path, l.quantity, l.unit_price_minor, l.line_total_minor, l.message, l.capture
            FROM jsonb_to_recordset(${JSON.stringify(lineValues)}::jsonb) AS l(
                   position int, source text, cart_item_id uuid, quotation_item_id uuid, product_id uuid,
                   variant_path text, quantity int, unit_price_minor bigint, line_total_minor bigint,
                   message text, capture jsonb)
          RETURNING *
        )`,
    sql`placed_event AS (
          INSERT INTO ${orderEvents} (order_id, kind, to_status, actor, actor_user_id)
          VALUES (${order.id}, 'status', 'pending_payment', 'shopper', ${order.userId})
        )`,
    ...stockChanges(stockTakenBy(placed.lines)),
    ...placed.alongside.map((write, index) => sql`${sql.raw(`alongside_${index}`)} AS (${write})`),
  ];
  return queryRows<OrderLineRow>(
    tx,
    sql`WITH ${sql.join(ctes, sql`, `)}
        SELECT id, order_id AS "orderId", position, source, cart_item_id AS "cartItemId",
               quotation_item_id AS "quotationItemId", product_id AS "productId", variant_path AS "variantPath",
               quantity, unit_price_minor AS "unitPriceMinor", line_total_minor AS "lineTotalMinor", message,
               capture
          FROM written_lines ORDER BY position`,
    { prepareAs: 'orders_record_contents' },
  );
}

/** The columns a placed order is written with; the others take their defaults. */
const PLACED_ORDER_COLUMNS = [
  'orderRef',
  'userId',
  'status',
  'regionCountryCode',
  'currency',
  'subtotalMinor',
  'discountMinor',
  'shippingFeeMinor',
  'paymentFeeMinor',
  'taxMinor',
  'taxName',
  'taxRatePercent',
  'taxInclusive',
  'totalMinor',
  'voucherId',
  'voucherCode',
  'paymentMethod',
  'notes',
  'shippingAddress',
  'billingAddress',
  'checkoutSessionKey',
  'paymentDueAt',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

export type NewOrder = Required<
  Omit<Pick<typeof orders.$inferInsert, (typeof PLACED_ORDER_COLUMNS)[number]>, 'orderRef'>
>;

const insertPlacedOrder = builtOnce('orders_insert', (db) =>
  db
    .insert(orders)
    .values(
      Object.fromEntries(
        PLACED_ORDER_COLUMNS.map((column) => [column, sql.placeholder(column)]),
      ) as unknown as typeof orders.$inferInsert,
    )
    .onConflictDoNothing({ target: orders.orderRef })
    .returning(),
);

/** Writes the order under a fresh reference; a reference already taken (rare) draws another. */
export async function insertOrder(tx: Database, values: NewOrder): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await insertPlacedOrder(tx, { ...values, orderRef: orderReference(randomBytes(8)) });
    if (row) return row;
  }
  throw new Error('No free order reference was found');
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** The shopper's order; another shopper's is not found. */
export async function ownOrderRow(db: Database, userId: string, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new AppError('order/not_found', [orderId]);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('order/not_found', [orderId]);
  return row;
}

/** How many messages of the other side each order has that `reader` has not read since they last looked. */
async function unreadByOrder(
  db: Database,
  orderRows: readonly OrderRow[],
  reader: 'shopper' | 'store',
): Promise<Map<string, number>> {
  if (orderRows.length === 0) return new Map();
  const readAt = reader === 'shopper' ? orders.shopperReadAt : orders.storeReadAt;
  const rows = await db
    .select({ orderId: orderMessages.orderId, unread: count() })
    .from(orderMessages)
    .innerJoin(orders, eq(orders.id, orderMessages.orderId))
    .where(
      and(
        inArray(
          orderMessages.orderId,
          orderRows.map((row) => row.id),
        ),
        eq(orderMessages.fromStore, reader === 'shopper'),
        or(isNull(readAt), gt(orderMessages.createdAt, readAt)),
      ),
    )
    .groupBy(orderMessages.orderId);
  return new Map(rows.map((row) => [row.orderId, row.unread]));
}

function moneyOf(amountMinor: number, row: OrderRow): Money {
  return { amountMinor, currency: row.currency };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], unreadMessages: number): Order {
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  const taxFee = moneyOf(row.taxMinor, row);
  return {
    id: row.id,
    orderRef: row.orderRef,
    status: row.status,
    regionCountryCode: row.regionCountryCode,
    currency: row.currency,
    subtotal: moneyOf(row.subtotalMinor, row),
    discount: moneyOf(row.discountMinor, row),
    shippingFee: moneyOf(row.shippingFeeMinor, row),
    paymentFee: moneyOf(row.paymentFeeMinor, row),
    tax:
      row.taxName !== null && row.taxRatePercent !== null
        ? { name: row.taxName, ratePercent: row.taxRatePercent, inclusive: row.taxInclusive, amount: taxFee }
        : null,
    taxFee,
    total: moneyOf(row.totalMinor, row),
    voucherCode: row.voucherCode,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    lines: sorted.map((line) => ({
      id: line.id,
      source: line.source,
      cartItemId: line.cartItemId,
      quotationItemId: line.quotationItemId,
      productId: line.productId,
      variantPath: line.variantPath,
      quantity: line.quantity,
      unitPrice: moneyOf(line.unitPriceMinor, row),
      total: moneyOf(line.lineTotalMinor, row),
      message: line.message,
      capture: line.capture,
    })),
    cartItems: sorted.flatMap((line) =>
      line.source === 'cart'
        ? [
            {
              id: line.cartItemId ?? line.id,
              productId: line.productId,
              variantPath: line.variantPath,
              quantity: line.quantity,
            },
          ]
        : [],
    ),
    quotationItems: sorted.flatMap((line) =>
      line.quotationItemId ? [{ id: line.quotationItemId, quantity: line.quantity }] : [],
    ),
    productCaptures: sorted.map((line) => line.capture),
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    trackingUrl: row.trackingUrl,
    cancelReason: row.cancelReason,
    placedAt: row.placedAt.toISOString(),
    paymentDueAt: row.paymentDueAt.toISOString(),
    paidAt: iso(row.paidAt),
    processingAt: iso(row.processingAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    disputedAt: iso(row.disputedAt),
    paynowMarkedPaidAt: iso(row.paynowMarkedPaidAt),
    unreadMessages,
  };
}

/** An order as its shopper (or the store, given no user) sees it. */
export async function describeOrder(db: Database, row: OrderRow): Promise<Order> {
  const [lines, unread] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)),
    unreadByOrder(db, [row], 'shopper'),
  ]);
  return toOrder(row, lines, unread.get(row.id) ?? 0);
}

/** The order just placed as its shopper sees it: a new order's lines are at hand and it has no chat yet. */
export async function describePlacedOrder(db: Database, placed: PlacedOrder): Promise<Order> {
  return placed.lines ? toOrder(placed.order, placed.lines, 0) : describeOrder(db, placed.order);
}

export async function getOrder(db: Database, userId: string, orderId: string): Promise<Order> {
  return describeOrder(db, await ownOrderRow(db, userId, orderId));
}

export async function listOrders(
  db: Database,
  userId: string,
  query: { page: number; limit: number; status?: OrderStatus | undefined },
): Promise<{ orders: OrderSummary[]; page: number; limit: number; total: number }> {
  const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return {
    orders: await summariesOf(db, rows, 'shopper'),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}

/**
 * Order rows as a list shows them: how many lines, the first one's name, picture and quantity, and the messages
 * `reader` has not read yet (the store's for the shopper, the shopper's for the store).
 */
export async function summariesOf(
  db: Database,
  rows: readonly OrderRow[],
  reader: 'shopper' | 'store',
): Promise<OrderSummary[]> {
  const ids = rows.map((row) => row.id);
  const [lineStats, firstLines, unread] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ orderId: orderLines.orderId, lines: count() })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .groupBy(orderLines.orderId),
    ids.length === 0
      ? []
      : db
          .select({ orderId: orderLines.orderId, capture: orderLines.capture, quantity: orderLines.quantity })
          .from(orderLines)
          .where(and(inArray(orderLines.orderId, ids), eq(orderLines.position, 0))),
    unreadByOrder(db, rows, reader),
  ]);
  const lineCounts = new Map(lineStats.map((row) => [row.orderId, row.lines]));
  const first = new Map(firstLines.map((row) => [row.orderId, row]));
  return rows.map((row) => {
    const firstLine = first.get(row.id);
    return {
      id: row.id,
      orderRef: row.orderRef,
      status: row.status,
      total: moneyOf(row.totalMinor, row),
      paymentMethod: row.paymentMethod,
      placedAt: row.placedAt.toISOString(),
      paymentDueAt: row.paymentDueAt.toISOString(),
      unreadMessages: unread.get(row.id) ?? 0,
      lineCount: lineCounts.get(row.id) ?? 0,
      firstItem: firstLine
        ? {
            name: firstLine.capture.name,
            mainImage: firstLine.capture.mainImage,
            quantity: firstLine.quantity,
          }
        : null,
    };
  });
}

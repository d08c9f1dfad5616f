import type { CurrencyCode } from '@crossbuy/core/money';
import type { OrderAddress, OrderLineCapture, OrderStatus, PaymentMethod } from '@crossbuy/core/order';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from '../catalogue/catalogue.table.js';
import { quotationItems } from '../quotations/quotations.table.js';
import { regions } from '../regions/regions.table.js';
import { users } from '../users/users.table.js';
import { vouchers } from '../vouchers/vouchers.table.js';

/**
 * An order: what was bought, priced once in the region's currency when it was placed, and where it stands.
 * Every amount is in minor units of `currency`; `total = subtotal - discount + shipping + payment fee`, plus
 * the tax when it is added rather than included. Each status has the time it was reached; every change
 * is also an order event.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the shopper and the store call the order, e.g. 'CB-7K3M9Q2X'. */
    orderRef: text('order_ref').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending_payment'),
    regionCountryCode: text('region_country_code')
      .notNull()
      .references(() => regions.countryCode, { onDelete: 'restrict' }),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    shippingFeeMinor: bigint('shipping_fee_minor', { mode: 'number' }).notNull().default(0),
    paymentFeeMinor: bigint('payment_fee_minor', { mode: 'number' }).notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    taxName: text('tax_name'),
    taxRatePercent: numeric('tax_rate_percent'),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    voucherCode: text('voucher_code'),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    notes: text('notes').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    /** The checkout session that placed it: a second submission of the session finds this order. */
    checkoutSessionKey: text('checkout_session_key'),
    trackingNumber: text('tracking_number'),
    /**
     * The carrier the order left with and its tracking page, as the store's carrier list gave them when it
     * shipped: a later change of the list leaves the shopper's link as it was sent to them.
     */
    carrier: text('carrier'),
    trackingUrl: text('tracking_url'),
    cancelReason: text('cancel_reason'),
    /** Until when an unpaid order holds its stock and voucher. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** The shopper marked a PayNow transfer as made; an operator confirms it. */
    paynowMarkedPaidAt: timestamp('paynow_marked_paid_at', { withTimezone: true }),
    /** Chat read marks: messages after these times are unread for the shopper and for the store. */
    shopperReadAt: timestamp('shopper_read_at', { withTimezone: true }),
    storeReadAt: timestamp('store_read_at', { withTimezone: true }),
    /** When the shopper last wrote in the chat: later than `storeReadAt`, the store has a message to read. */
    shopperMessageAt: timestamp('shopper_message_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_ref_unique').on(table.orderRef),
    uniqueIndex('orders_checkout_session_unique').on(table.checkoutSessionKey),
    index('orders_user_placed_idx').on(table.userId, table.placedAt.desc().nullsFirst(), table.id),
    index('orders_status_placed_idx').on(table.status, table.placedAt.desc().nullsFirst(), table.id),
    // The dashboard reads the last 30 days of orders of every status, and counts the chats the store owes a read.
    index('orders_placed_idx').on(table.placedAt),
    index('orders_store_unread_idx')
      .on(table.id)
      .where(sql`${table.shopperMessageAt} > coalesce(${table.storeReadAt}, '-infinity'::timestamptz)`),
    // A shopper's unpaid orders, counted against what one shopper may hold (docs/decisions/0058).
    index('orders_user_unpaid_idx').on(table.userId).where(sql`${table.status} = 'pending_payment'`),
    // The expiry sweep reads only orders still waiting for payment.
    index('orders_payment_due_idx').on(table.paymentDueAt).where(sql`${table.status} = 'pending_payment'`),
    check(
      'orders_status',
      sql`${table.status} in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'disputed')`,
    ),
    check('orders_payment_method', sql`${table.paymentMethod} in ('card', 'paynow', 'test_card')`),
    check(
      'orders_amounts_non_negative',
      sql`${table.subtotalMinor} >= 0 AND ${table.discountMinor} >= 0 AND ${table.shippingFeeMinor} >= 0 AND ${table.paymentFeeMinor} >= 0 AND ${table.taxMinor} >= 0 AND ${table.totalMinor} >= 0`,
    ),
    check('orders_discount_within_subtotal', sql`${table.discountMinor} <= ${table.subtotalMinor}`),
  ],
);

/**
 * One bought line with the product as it was bought (`capture`), so the order reads the same after the
 * product changes or goes. `source`: 'cart' (a catalogue product from the cart), 'quotation_internal' or
 * 'quotation_external' (a quoted item, which stays in quotation_items with its ordered_at set).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').$type<'cart' | 'quotation_internal' | 'quotation_external'>().notNull(),
    /** The cart line it came from; cart lines are deleted when ordered, so this is a record, not a key. */
    cartItemId: uuid('cart_item_id'),
    quotationItemId: uuid('quotation_item_id').references(() => quotationItems.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantPath: text('variant_path').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
    /** The shopper's message (cart) or instructions (quotation) for this line. */
    message: text('message').notNull().default(''),
    capture: jsonb('capture').$type<OrderLineCapture>().notNull(),
  },
  (table) => [
    uniqueIndex('order_lines_order_position_unique').on(table.orderId, table.position),
    index('order_lines_quotation_item_idx').on(table.quotationItemId),
    // Which of a product's variants were ever ordered: those are kept, never removed from the catalogue.
    index('order_lines_product_variant_idx').on(table.productId, table.variantPath),
    check('order_lines_source', sql`${table.source} in ('cart', 'quotation_internal', 'quotation_external')`),
    check('order_lines_quantity_positive', sql`${table.quantity} >= 1`),
    check(
      'order_lines_total',
      sql`${table.unitPriceMinor} >= 0 AND ${table.lineTotalMinor} = ${table.unitPriceMinor} * ${table.quantity}`,
    ),
  ],
);

/**
 * The order's history: every status change and payment event, in the order they happened (`seq` breaks
 * ties of equal times). `actor`: 'shopper', 'store' (an operator), 'system' (expiry) or 'provider' (the
 * card provider's webhook).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'status' | 'payment'>().notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>(),
    actor: text('actor').$type<'shopper' | 'store' | 'system' | 'provider'>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the event says beyond the status: a reason, a tracking number, a payment reference. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('order_events_id_unique').on(table.id),
    // An order is paid once and cancelled once, whatever runs at the same time: the order's machine decides
    // so under the order's lock, and this is the database's word for it too.
    uniqueIndex('order_events_paid_or_cancelled_once')
      .on(table.orderId, table.toStatus)
      .where(sql`${table.toStatus} in ('paid', 'cancelled')`),
    index('order_events_order_idx').on(table.orderId, table.seq),
    check('order_events_kind', sql`${table.kind} in ('status', 'payment')`),
    check('order_events_actor', sql`${table.actor} in ('shopper', 'store', 'system', 'provider')`),
  ],
);

/** The order's chat between the shopper and the store. Plain text, never HTML. */
export const orderMessages = pgTable(
  'order_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStore: boolean('from_store').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('order_messages_id_unique').on(table.id),
    index('order_messages_order_idx').on(table.orderId, table.seq),
    check('order_messages_body_length', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderMessageRow = typeof orderMessages.$inferSelect;

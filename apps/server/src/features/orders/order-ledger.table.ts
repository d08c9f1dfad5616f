import type { CurrencyCode } from '@crossbuy/core/money';
import type { PaymentMethod, RefundStatus } from '@crossbuy/core/order';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { orders } from './orders.table.js';

// The order's ledger: the money it received and gave back. It is the order's, beside it, because the
// order's machine decides every move on it under the order's row lock (order-lifecycle.ts); `payments`
// hears of money from the card provider and the operators and records it here. What a row may hold is
// kept by the tables' own constraints, whoever writes it: one payment per provider reference, a refund
// never past its payment (docs/decisions/0087).

/**
 * One attempt to pay an order: a card provider's payment intent, a PayNow transfer, or the development
 * test card. `pending`: a card payment in flight (the provider may still take the money); `succeeded`:
 * money received; `failed`: declined; `cancelled`: stopped at the provider before it took anything. An order
 * is paid once (its machine decides under the order's lock, and order_events allows one move to paid);
 * money that succeeds for an order that no longer wants it is a succeeded payment too, so it is in the
 * refund ledger. `refunded_minor` grows with refunds and never passes the amount.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The provider's id of the attempt (a PaymentIntent id), when there is a provider. */
    providerRef: text('provider_ref'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'cancelled'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_ref_unique').on(table.providerRef),
    index('payments_order_idx').on(table.orderId, table.createdAt),
    check('payments_status', sql`${table.status} in ('pending', 'succeeded', 'failed', 'cancelled')`),
    check(
      'payments_refund_within_amount',
      sql`${table.refundedMinor} >= 0 AND ${table.refundedMinor} <= ${table.amountMinor}`,
    ),
  ],
);

/**
 * Money the store gave back of an order's payment: through the card provider (`provider_ref` its refund
 * id), or by a bank transfer an operator made and records (PayNow, `reference` the transfer's). A card
 * refund is written `pending` before the provider is asked, so its amount is held against parallel
 * refunds; it becomes `succeeded` only once the provider accepted it, or `failed`.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('order_refunds_provider_ref_unique').on(table.providerRef),
    check('order_refunds_status', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('order_refunds_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

/**
 * What the shopper chose to check out, under an unguessable key. The lines are re-read and re-priced at
 * every estimate and at order creation; the key is what makes creating the order idempotent: the order it
 * made is recorded here, and a second submission answers that order.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    key: text('key').primaryKey(),
    userId: cascadingUserId(),
    cartItemIds: uuid('cart_item_ids').array().notNull().default(sql`'{}'::uuid[]`),
    quotationItemIds: uuid('quotation_item_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Set in the transaction that creates the order; no foreign key, the order outlives the session. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (table) => [
    index('checkout_sessions_user_idx').on(table.userId, table.createdAt),
    index('checkout_sessions_expires_idx').on(table.expiresAt),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

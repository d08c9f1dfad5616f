import type { CurrencyCode } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * A discount code. `percent` vouchers take `percent_off` of the merchandise subtotal, capped at
 * `max_discount_minor`; `fixed` vouchers take `amount_off_minor`. Amounts are in the base currency and
 * converted at the region's rate. Empty `regions` or `payment_methods` means any. `redeemed_count` counts
 * redemptions not given back; it is raised by one conditional update inside the order transaction, so the
 * total limit holds under any number of parallel orders.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; shoppers type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    percentOff: numeric('percent_off'),
    amountOffMinor: bigint('amount_off_minor', { mode: 'number' }),
    maxDiscountMinor: bigint('max_discount_minor', { mode: 'number' }),
    minSpendMinor: bigint('min_spend_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<CurrencyCode>().notNull().default('SGD'),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    paymentMethods: text('payment_methods').array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    /** Offered in the shopper's list of available vouchers; a hidden voucher works only by its code. */
    listed: boolean('listed').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vouchers_code_unique').on(table.code),
    check('vouchers_code_format', sql`${table.code} ~ '^[A-Z0-9][A-Z0-9_-]{1,39}$'`),
    check('vouchers_kind', sql`${table.kind} in ('percent', 'fixed')`),
    check(
      'vouchers_kind_fields',
      sql`(${table.kind} = 'percent' AND ${table.percentOff} > 0 AND ${table.percentOff} <= 100) OR (${table.kind} = 'fixed' AND ${table.amountOffMinor} > 0)`,
    ),
    check(
      'vouchers_limits',
      sql`${table.redeemedCount} >= 0 AND (${table.totalLimit} IS NULL OR ${table.redeemedCount} <= ${table.totalLimit}) AND coalesce(${table.perUserLimit}, 1) >= 1`,
    ),
    check('vouchers_base_currency', sql`${table.currency} = 'SGD'`),
  ],
);

/** One use of a voucher by one order; given back (`released_at`) when the order is cancelled unpaid. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: the orders table refers to vouchers, and a redemption is written with its order. */
    orderId: uuid('order_id').notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('voucher_redemptions_order_unique').on(table.orderId),
    index('voucher_redemptions_voucher_user_idx')
      .on(table.voucherId, table.userId)
      .where(sql`${table.releasedAt} IS NULL`),
  ],
);

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;

import type { CurrencyCode } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, minorUnits, randomId, timestampTz, updatedAt } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

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
    id: randomId(),
    /** Stored upper-case; shoppers type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    percentOff: numeric('percent_off'),
    amountOffMinor: minorUnits('amount_off_minor'),
    maxDiscountMinor: minorUnits('max_discount_minor'),
    minSpendMinor: minorUnits('min_spend_minor').notNull().default(0),
    currency: text('currency').$type<CurrencyCode>().notNull().default('SGD'),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    paymentMethods: text('payment_methods').array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestampTz('starts_at'),
    endsAt: timestampTz('ends_at'),
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    /** Offered in the shopper's list of available vouchers; a hidden voucher works only by its code. */
    listed: boolean('listed').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: randomId(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: cascadingUserId(),
    /** No foreign key: the orders table refers to vouchers, and a redemption is written with its order. */
    orderId: uuid('order_id').notNull(),
    discountMinor: minorUnits('discount_minor').notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    createdAt: createdAt(),
    releasedAt: timestampTz('released_at'),
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

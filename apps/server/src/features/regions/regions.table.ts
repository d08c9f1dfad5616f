import type { CurrencyCode } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/** A country the store sells to, and the currency its prices are shown in. */
export const regions = pgTable(
  'regions',
  {
    countryCode: text('country_code').primaryKey(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    // At most one default, and it must be one a shopper may use.
    uniqueIndex('regions_single_default').on(table.isDefault).where(sql`${table.isDefault}`),
    check('regions_default_is_enabled', sql`NOT ${table.isDefault} OR ${table.enabled}`),
    check('regions_country_code_format', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * Units of `quote_currency` per one unit of `base_currency`. Kept as an exact decimal (read as a string),
 * so conversions never go through binary floating point.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    baseCurrency: text('base_currency').$type<CurrencyCode>().notNull(),
    quoteCurrency: text('quote_currency').$type<CurrencyCode>().notNull(),
    rate: numeric('rate').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.baseCurrency, table.quoteCurrency] }),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

/** Per-user settings this feature owns; kept apart from `users` so the account table stays the accounts'. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferredRegion: text('preferred_region').references(() => regions.countryCode, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export type RegionRow = typeof regions.$inferSelect;

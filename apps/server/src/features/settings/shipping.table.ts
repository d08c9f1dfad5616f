import type { CurrencyCode } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorUnits, randomId, updatedAt } from '../../db/columns.js';
import { regions } from '../regions/regions.table.js';

// Where the store delivers, what delivery costs and the sales tax: the back office sets them
// (docs/rules/checkout-and-orders.md), checkout reads them to price an order.

/** A country the store delivers to. */
export const shippingLocations = pgTable(
  'shipping_locations',
  {
    id: randomId(),
    countryCode: text('country_code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('shipping_locations_country_unique').on(table.countryCode)],
);

/**
 * How much delivery to one shipping location costs for goods coming from `origin_country` (null: from
 * anywhere; the most specific rule wins). `per_item`: base + step fee per unit; `by_weight`: base + step
 * fee per started `step_grams`. Amounts are in the catalogue's base currency and converted once, at the
 * region's rate, when an order is priced. A group of lines whose subtotal reaches `free_above_minor`
 * ships free.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: randomId(),
    shippingLocationId: uuid('shipping_location_id')
      .notNull()
      .references(() => shippingLocations.id, { onDelete: 'cascade' }),
    originCountry: text('origin_country'),
    method: text('method').$type<'per_item' | 'by_weight'>().notNull(),
    baseFeeMinor: minorUnits('base_fee_minor').notNull().default(0),
    stepFeeMinor: minorUnits('step_fee_minor').notNull().default(0),
    stepGrams: integer('step_grams'),
    freeAboveMinor: minorUnits('free_above_minor'),
    currency: text('currency').$type<CurrencyCode>().notNull().default('SGD'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('shipping_rates_location_origin_unique').on(
      table.shippingLocationId,
      sql`coalesce(${table.originCountry}, '')`,
    ),
    check('shipping_rates_method', sql`${table.method} in ('per_item', 'by_weight')`),
    check(
      'shipping_rates_weight_step',
      sql`${table.method} <> 'by_weight' OR coalesce(${table.stepGrams}, 0) > 0`,
    ),
    check(
      'shipping_rates_non_negative',
      sql`${table.baseFeeMinor} >= 0 AND ${table.stepFeeMinor} >= 0 AND coalesce(${table.freeAboveMinor}, 0) >= 0`,
    ),
    check('shipping_rates_base_currency', sql`${table.currency} = 'SGD'`),
  ],
);

/** The sales tax of a region, e.g. Singapore GST 9%: included in the prices shown, or added at checkout. */
export const taxRates = pgTable(
  'tax_rates',
  {
    countryCode: text('country_code')
      .primaryKey()
      .references(() => regions.countryCode, { onDelete: 'cascade' }),
    /** Shown to the shopper, e.g. 'GST'. */
    name: text('name').notNull(),
    /** A percentage as an exact decimal, e.g. '9'. */
    ratePercent: numeric('rate_percent').notNull(),
    inclusive: boolean('inclusive').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check('tax_rates_rate_range', sql`${table.ratePercent} >= 0 AND ${table.ratePercent} < 100`)],
);

export type ShippingLocationRow = typeof shippingLocations.$inferSelect;
export type ShippingRateRow = typeof shippingRates.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

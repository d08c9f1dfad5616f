import type { Money } from '@crossbuy/core/money';
import type { ProductSource, QuotationStatus } from '@crossbuy/core/quotation';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits, randomId, timestampTz, updatedAt } from '../../db/columns.js';
import { products } from '../catalogue/catalogue.table.js';
import { externalProducts } from '../external-products/external-products.table.js';
import { cascadingUserId, users } from '../users/users.table.js';

/**
 * Items a shopper asked the store to quote: one of our products ('i', with its variant path) or a product
 * on another site ('e', by link). Status p (pending) -> r (resolved, with prices that hold until
 * `expires_at`) or d (declined, with a reason). An item leaves the list when it is ordered (`ordered_at`).
 */
export const quotationItems = pgTable(
  'quotation_items',
  {
    id: randomId(),
    userId: cascadingUserId(),
    productSource: text('product_source').$type<ProductSource>().notNull(),
    status: text('status').$type<QuotationStatus>().notNull().default('p'),
    /** Internal items: our product; null once that product is deleted ('product is not found'). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantPath: text('variant_path').notNull().default(''),
    /** External items: the page the shopper gave, and what the store read from it, if it has. */
    productUrl: text('product_url'),
    externalProductId: uuid('external_product_id').references(() => externalProducts.id, {
      onDelete: 'set null',
    }),
    sourceMarketPlace: text('source_market_place'),
    name: text('name').notNull(),
    mainImage: text('main_image'),
    quantity: integer('quantity').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** Resolved: what the store pays for one, in the seller's currency (minor units). */
    basePriceMinor: minorUnits('base_price_minor'),
    basePriceCurrency: text('base_price_currency'),
    /** Resolved, from another site: shipping one to the store's warehouse, in the base price's currency. */
    domesticShippingMinor: minorUnits('domestic_shipping_minor'),
    /** Resolved, from another site: the desk's estimate of one unit's weight; checkout charges delivery by it. */
    weightGrams: integer('weight_grams'),
    /**
     * Resolved, from another site: the fee and the rates the price was made with (decision 0066), so the
     * breakdown shown later is the one the price came from. Rates are units per one of `rateBaseCurrency`.
     */
    feePercent: text('fee_percent'),
    rateBaseCurrency: text('rate_base_currency'),
    ratesFromBase: jsonb('rates_from_base').$type<Record<string, string>>(),
    /** Resolved: the price of one per price kind (region country code), fixed at quoting. */
    quotedPrice: jsonb('quoted_price').$type<Record<string, Money>>(),
    quotedAt: timestampTz('quoted_at'),
    expiresAt: timestampTz('expires_at'),
    /** The operator who answered, for the record. */
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
    declinedAt: timestampTz('declined_at'),
    orderedAt: timestampTz('ordered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quotation_items_user_time_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id),
    // The store's desk: items of one status by the time they were asked (pending oldest first, answered
    // newest first), and the count of each status.
    index('quotation_items_desk_idx').on(table.status, table.createdAt, table.id),
    check('quotation_items_source', sql`${table.productSource} in ('i', 'e')`),
    check('quotation_items_status', sql`${table.status} in ('p', 'r', 'd')`),
    check('quotation_items_quantity_positive', sql`${table.quantity} >= 1`),
    check(
      'quotation_items_source_fields',
      sql`(${table.productSource} = 'i') = (${table.productUrl} IS NULL)`,
    ),
    check('quotation_items_weight_positive', sql`${table.weightGrams} IS NULL OR ${table.weightGrams} >= 1`),
    check(
      'quotation_items_domestic_shipping_not_negative',
      sql`${table.domesticShippingMinor} IS NULL OR ${table.domesticShippingMinor} >= 0`,
    ),
    check(
      'quotation_items_resolved_fields',
      sql`${table.status} <> 'r' OR (${table.quotedAt} IS NOT NULL AND ${table.expiresAt} IS NOT NULL)`,
    ),
  ],
);

export type QuotationItemRow = typeof quotationItems.$inferSelect;

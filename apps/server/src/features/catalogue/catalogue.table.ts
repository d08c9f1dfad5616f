import type { ProductVariant } from '@crossbuy/core/catalogue';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, minorUnits, randomId, timestampTz, updatedAt } from '../../db/columns.js';
import { regions } from '../regions/regions.table.js';
import { cascadingUserId } from '../users/users.table.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const merchants = pgTable(
  'merchants',
  {
    id: randomId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The marketplace the merchant sells on, e.g. 'Rakuten'. */
    sourceMarketPlace: text('source_market_place').notNull(),
    countryCode: text('country_code').notNull(),
    description: text('description').notNull().default(''),
    /** Image key under the images directory; null shows a placeholder. */
    logoImage: text('logo_image'),
    /** A disabled merchant is left out of the store's merchant list; its products keep their own flag. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('merchants_slug_unique').on(table.slug)],
);

/**
 * The category tree. `path` is the materialised chain of ids from the root ('fashion.women.dresses'), so
 * "this category and everything below it" is one indexed prefix match.
 */
export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    path: text('path').notNull(),
    position: integer('position').notNull().default(0),
    /** A disabled category, and everything below it, is left out of the store's category tree. */
    disabled: boolean('disabled').notNull().default(false),
  },
  (table) => [
    uniqueIndex('categories_path_unique').on(table.path.op('text_pattern_ops')),
    index('categories_parent_idx').on(table.parentId),
    check('categories_id_format', sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Catalogue products. Base prices are in minor units of `price_currency`, which is the catalogue's one
 * base currency; region prices come from `product_region_prices` or are converted on read. For a product
 * with variants, `stock` is kept equal to the sum of its variants' stock by a trigger, and `price_minor`
 * is the lowest variant price.
 */
export const products = pgTable(
  'products',
  {
    id: randomId(),
    paramName: text('param_name').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mainImage: text('main_image'),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    priceMinor: minorUnits('price_minor').notNull(),
    priceCurrency: text('price_currency').notNull().default('SGD'),
    variants: jsonb('variants').$type<ProductVariant[]>().notNull().default([]),
    stock: integer('stock').notNull().default(0),
    /**
     * Whether any is left: what search filters and counts by. The facets index holds this instead of
     * `stock`, so an order that takes a unit changes no indexed column (unless it takes the last one) and
     * PostgreSQL updates the row in place (a HOT update) without writing to the table's eight indexes.
     */
    inStock: boolean('in_stock').notNull().generatedAlwaysAs(sql`stock > 0`),
    /** Shipping weight of one, which prices delivery by weight. */
    weightGrams: integer('weight_grams').notNull().default(500),
    disabled: boolean('disabled').notNull().default(false),
    sourceMarketPlace: text('source_market_place').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Merchant and category names, so a search for 'rakuten' or 'headphones' finds the products. */
    keywords: text('keywords').notNull().default(''),
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "keywords"), 'B') || setweight(to_tsvector('english'::regconfig, "description"), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Raised by every change staff make to the product's fields, options, variants or region prices; an edit
     * names the version it was made from, so two staff never silently overwrite each other. Stock moves
     * with every order and is set absolutely, so it does not raise it.
     */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('products_param_name_unique').on(table.paramName),
    index('products_search_document_idx').using('gin', table.searchDocument),
    // Leads with the category for category filters, and holds what search counts, so browsing without a
    // text query counts totals and facets from the index alone.
    index('products_facets_idx')
      .on(table.categoryId, table.merchantId, table.inStock)
      .where(sql`NOT ${table.disabled}`),
    index('products_merchant_idx').on(table.merchantId),
    // Browsing without a text query pages through these orders; disabled products are never listed.
    index('products_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`NOT ${table.disabled}`),
    // A category's page in the newest order walks only that category's rows, at any depth.
    index('products_category_newest_idx')
      .on(table.categoryId, table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`NOT ${table.disabled}`),
    index('products_price_idx').on(table.priceMinor, table.id).where(sql`NOT ${table.disabled}`),
    check('products_price_non_negative', sql`${table.priceMinor} >= 0`),
    check('products_stock_non_negative', sql`${table.stock} >= 0`),
    check('products_weight_positive', sql`${table.weightGrams} > 0`),
    check('products_base_currency', sql`${table.priceCurrency} = 'SGD'`),
    check('products_param_name_format', sql`${table.paramName} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** The product a row is about: the row goes when the product does. */
export const cascadingProductId = () =>
  uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/** One combination of a product's options: its own base price (in the product's currency) and stock. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: cascadingProductId(),
    path: text('path').notNull(),
    priceMinor: minorUnits('price_minor').notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.path] }),
    check('product_variants_price_non_negative', sql`${table.priceMinor} >= 0`),
    check('product_variants_stock_non_negative', sql`${table.stock} >= 0`),
    check('product_variants_path_format', sql`${table.path} ~ '^(0|[1-9][0-9]*)(/(0|[1-9][0-9]*))*$'`),
  ],
);

/**
 * A price the merchant set for one region, for the product ('' path) or one variant. It applies only while
 * its currency is the region's; otherwise the base price is converted.
 */
export const productRegionPrices = pgTable(
  'product_region_prices',
  {
    productId: cascadingProductId(),
    countryCode: text('country_code')
      .notNull()
      .references(() => regions.countryCode, { onDelete: 'cascade' }),
    variantPath: text('variant_path').notNull().default(''),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.countryCode, table.variantPath] }),
    // Answers "does any merchant set prices for this region?", which decides how search sorts by price.
    index('product_region_prices_country_idx').on(table.countryCode),
    check('product_region_prices_non_negative', sql`${table.amountMinor} >= 0`),
  ],
);

/**
 * Every word of product names and keywords, for spelling suggestions: a misspelt query word is matched to
 * its nearest words here by trigram similarity, and those words are searched for instead. Filled by a trigger.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

/** The products a signed-in shopper opened lately; only the newest few per shopper are kept. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: cascadingUserId(),
    productId: cascadingProductId(),
    viewedAt: timestampTz('viewed_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('recently_viewed_user_time_idx').on(table.userId, table.viewedAt.desc().nullsFirst()),
  ],
);

export type MerchantRow = typeof merchants.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

import { z } from 'zod';
import { moneySchema, pageQueryFields, pageSchema } from '../validation/wire.js';
import { categoryIdSchema, countryCodeSchema, merchantRefSchema, variantSchema } from './schemas.js';

// The back office's catalogue calls (docs/decisions/0043). Prices are integer minor units of the
// catalogue's base currency; a region's own price is in that region's currency.

export const PRODUCT_NAME_MAX_LENGTH = 200;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;
export const PRODUCT_MAX_VARIANT_KINDS = 3;
export const PRODUCT_MAX_OPTIONS = 30;
/** Far above any real stock or price, and far below what an integer column holds. */
export const PRODUCT_MAX_STOCK = 1_000_000;
export const PRODUCT_MAX_PRICE_MINOR = 100_000_000;
export const PRODUCT_MAX_WEIGHT_GRAMS = 1_000_000;
export const ADMIN_PRODUCT_PAGE_MAX_LIMIT = 100;

export const ADMIN_PRODUCT_SORTS = [
  'updated_desc',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ADMIN_STOCK_STATES = ['in_stock', 'sold_out'] as const;

export const adminProductListQuerySchema = z.object({
  /** Part of the name, or the product's id or paramName. */
  q: z.string().trim().max(100).optional(),
  categoryId: categoryIdSchema.optional(),
  merchantId: z.uuid().optional(),
  enabled: z.stringbool().optional(),
  stock: z.enum(ADMIN_STOCK_STATES).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('updated_desc'),
  ...pageQueryFields(ADMIN_PRODUCT_PAGE_MAX_LIMIT, 20),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  id: z.string(),
  paramName: z.string(),
  name: z.string(),
  mainImage: z.string().nullable(),
  enabled: z.boolean(),
  price: moneySchema,
  stock: z.int(),
  variantCount: z.int(),
  category: z.object({ id: z.string(), name: z.string() }),
  merchant: merchantRefSchema,
  updatedAt: z.iso.datetime(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductPageSchema = pageSchema({ products: z.array(adminProductRowSchema) });
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** A region's own price for the product ('' path) or one variant, in the region's currency. */
export const adminRegionPriceSchema = z.object({
  countryCode: z.string(),
  variantPath: z.string(),
  price: moneySchema,
});

export const adminVariantSchema = z.object({
  path: z.string(),
  /** 'Colour: Black, Size: M'. */
  label: z.string(),
  price: moneySchema,
  stock: z.int(),
  /** Ordered at least once: kept for the orders' sake, so it cannot be removed (set its stock to 0). */
  ordered: z.boolean(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  paramName: z.string(),
  name: z.string(),
  description: z.string(),
  mainImage: z.string().nullable(),
  gallery: z.array(z.string()),
  enabled: z.boolean(),
  price: moneySchema,
  stock: z.int(),
  weightGrams: z.int(),
  categoryId: z.string(),
  merchant: merchantRefSchema,
  sourceMarketPlace: z.string(),
  /** The kinds of choice and their options, e.g. Size: S, M, L. */
  variants: z.array(variantSchema),
  variantRows: z.array(adminVariantSchema),
  regionPrices: z.array(adminRegionPriceSchema),
  /** Sent back with every change: a change made from an older version is refused (product/stale_version). */
  version: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const trimmedText = (max: number) => z.string().trim().max(max);
const priceMinorSchema = z.int().min(0).max(PRODUCT_MAX_PRICE_MINOR);
const stockSchema = z.int().min(0).max(PRODUCT_MAX_STOCK);
const versionSchema = z.int().min(1).max(2_147_483_647);
export const variantPathSchema = z
  .string()
  .max(40)
  .regex(/^(?:(?:0|[1-9]\d{0,3})(?:\/(?:0|[1-9]\d{0,3}))*)?$/);

export const productOptionsSchema = z
  .array(
    z.object({
      name: trimmedText(50).min(1),
      options: z.array(trimmedText(50).min(1)).min(1).max(PRODUCT_MAX_OPTIONS),
    }),
  )
  .max(PRODUCT_MAX_VARIANT_KINDS);

export const productFieldsSchema = z.object({
  name: trimmedText(PRODUCT_NAME_MAX_LENGTH).min(1),
  description: trimmedText(PRODUCT_DESCRIPTION_MAX_LENGTH),
  categoryId: categoryIdSchema,
  merchantId: z.uuid(),
  /** The base price of a product without variants; with variants, the lowest variant price is shown. */
  priceMinor: priceMinorSchema,
  weightGrams: z.int().min(1).max(PRODUCT_MAX_WEIGHT_GRAMS),
  enabled: z.boolean(),
});

export const createProductSchema = productFieldsSchema.extend({
  stock: stockSchema.default(0),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

export const updateProductSchema = productFieldsSchema.partial().extend({
  version: versionSchema,
  /** Options may be added to the kinds there are; an existing variant's options must keep their places. */
  variants: productOptionsSchema.optional(),
});
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const saveVariantSchema = z.object({
  version: versionSchema,
  path: variantPathSchema.min(1),
  priceMinor: priceMinorSchema,
  /** Stock of a new variant; an existing one's stock is set with the stock call. */
  stock: stockSchema.default(0),
});
export type SaveVariantInput = z.infer<typeof saveVariantSchema>;

export const removeVariantQuerySchema = z.object({
  version: z.coerce.number().pipe(versionSchema),
  path: variantPathSchema.min(1),
});

/** An absolute stock, set under the row's lock; '' is the product's own stock. */
export const setStockSchema = z.object({ path: variantPathSchema.default(''), stock: stockSchema });
export type SetStockInput = z.infer<typeof setStockSchema>;

export const setRegionPricesSchema = z.object({
  version: versionSchema,
  /** Every region price the product keeps; those left out are removed. */
  prices: z
    .array(
      z.object({
        countryCode: countryCodeSchema,
        variantPath: variantPathSchema,
        amountMinor: priceMinorSchema,
      }),
    )
    .max(500),
});
export type SetRegionPricesInput = z.infer<typeof setRegionPricesSchema>;

export const adminProductAnswerSchema = z.object({ product: adminProductSchema });

/** More variants than any one product sells; a table of them is saved in one call. */
export const VARIANT_TABLE_MAX_ROWS = 1_000;

/**
 * Every variant's price and stock, saved together from one table: all or nothing. Prices are checked
 * against the product's version like any other change. Stock is not, since orders move it all day: each
 * row carries the stock the operator's table started from, and a stock set from a count that has moved
 * since is refused (product/stale_stock), so neither another operator's count nor an order is silently
 * overwritten.
 */
export const saveVariantTableSchema = z.object({
  version: versionSchema,
  rows: z
    .array(
      z.object({
        path: variantPathSchema.min(1),
        priceMinor: priceMinorSchema,
        stock: stockSchema,
        /** The stock shown when the table was loaded; the stock is written only when `stock` differs. */
        stockSeen: stockSchema,
      }),
    )
    .min(1)
    .max(VARIANT_TABLE_MAX_ROWS),
});
export type SaveVariantTableInput = z.infer<typeof saveVariantTableSchema>;

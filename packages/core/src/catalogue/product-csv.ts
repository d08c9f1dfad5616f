import { z } from 'zod';
import { PRODUCT_MAX_VARIANT_KINDS } from './product-admin.js';
import { PRODUCT_CSV_MAX_CHARACTERS } from './product-csv-limits.js';

export { PRODUCT_CSV_MAX_CHARACTERS, PRODUCT_CSV_MAX_LINES } from './product-csv-limits.js';

// The catalogue as a spreadsheet (docs/features/csv-files.md): one line per thing a shopper can buy (a product
// without variants, or one variant), keyed by the product's paramName and the variant's option values.

/** The columns every product file has, in the order the export writes them. */
export const PRODUCT_CSV_KEY_COLUMN = 'product';
export const PRODUCT_CSV_BASE_COLUMNS = ['product', 'name', 'category', 'merchant', 'enabled'] as const;
export const PRODUCT_CSV_BASE_PRICE_COLUMN = 'price_SGD';
export const PRODUCT_CSV_STOCK_COLUMN = 'stock';

/** `option_1`, `value_1`, ... `option_3`, `value_3`: the name of each kind of choice and this line's pick. */
export const PRODUCT_CSV_OPTION_COLUMNS = Array.from({ length: PRODUCT_MAX_VARIANT_KINDS }, (_, index) => [
  `option_${index + 1}`,
  `value_${index + 1}`,
]).flat();

/** A region's own price column, e.g. `price_MY_MYR`: the country, and the currency its price is in. */
export function regionPriceColumn(countryCode: string, currency: string): string {
  return `price_${countryCode}_${currency}`;
}
export const REGION_PRICE_COLUMN = /^price_([A-Z]{2})_([A-Z]{3})$/;

/** A product file to preview: its text, as the browser read it from the chosen file. */
export const previewProductImportSchema = z.object({
  csv: z
    .string({ error: () => 'product_import/empty' })
    // A NUL or other control character is refused before the schema, as in every body (decision 0011).
    .max(PRODUCT_CSV_MAX_CHARACTERS, { error: () => 'product_import/too_large' }),
});

/**
 * A previewed file to apply, with the preview's fingerprint of what it changes: applying refuses
 * (product_import/stale_preview) when the catalogue moved since, so what is applied is what was shown.
 */
export const applyProductImportSchema = previewProductImportSchema.extend({
  fingerprint: z.string().min(1).max(128),
});

export const PRODUCT_CHANGE_FIELDS = [
  'name',
  'category',
  'merchant',
  'enabled',
  'options',
  'variant',
  'price',
  'region_price',
  'stock',
] as const;

/**
 * One change the file makes to a product, as values a person reads: `variant` names the variant
 * ('Colour: Black, Size: M') or is null for the product itself; `region` is the country of a region price.
 * A null `before` is a value the product did not have; a null `after`, one it will no longer have.
 */
export const productChangeSchema = z.object({
  field: z.enum(PRODUCT_CHANGE_FIELDS),
  variant: z.string().nullable(),
  region: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const productImportPlanEntrySchema = z.object({
  /** The product's paramName: its key in the file and in its page's address. */
  key: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The first line of the file that names it. */
  line: z.int(),
  changes: z.array(productChangeSchema),
});
export type ProductImportPlanEntry = z.infer<typeof productImportPlanEntrySchema>;

export const productImportPreviewSchema = z.object({
  products: z.array(productImportPlanEntrySchema),
  fingerprint: z.string(),
});
export type ProductImportPreview = z.infer<typeof productImportPreviewSchema>;

export const productImportResultSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  products: z.array(productImportPlanEntrySchema.extend({ id: z.string() })),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

import {
  PRODUCT_CSV_BASE_COLUMNS,
  PRODUCT_CSV_BASE_PRICE_COLUMN,
  PRODUCT_CSV_OPTION_COLUMNS,
  PRODUCT_CSV_STOCK_COLUMN,
  parseVariantPath,
  regionPriceColumn,
} from '@crossbuy/core/catalogue';
import { type CurrencyCode, toDecimalAmount } from '@crossbuy/core/money';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CsvCell, csvRecords } from '../../lib/csv.js';
import { recordAudit } from '../audit/audit.service.js';
import { merchants, productRegionPrices, products, productVariants } from '../catalogue/catalogue.table.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { regions } from '../regions/regions.table.js';
import type { RegionColumn } from './product-file.js';

// The catalogue as a spreadsheet, out (docs/features/csv-files.md): one line per product without options or
// per variant, a page of products at a time. Reading a file back in is product-import.service.ts.

/** Products read per statement of the export. */
const EXPORT_PAGE_SIZE = 200;

/** Every region's price column, in the regions' order: the columns an export writes and an import reads. */
export async function regionColumnsOf(db: Database): Promise<RegionColumn[]> {
  const rows = await db
    .select({ countryCode: regions.countryCode, currency: regions.currency })
    .from(regions)
    .orderBy(asc(regions.position), asc(regions.countryCode));
  return rows.map((row) => ({ ...row, column: regionPriceColumn(row.countryCode, row.currency) }));
}

const decimal = (amountMinor: number, currency: CurrencyCode) => toDecimalAmount({ amountMinor, currency });

/** Variant paths in the order their options are listed ('0/2' before '0/10'). */
function byOptionOrder(a: string, b: string): number {
  const left = parseVariantPath(a) ?? [];
  const right = parseVariantPath(b) ?? [];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The catalogue as CSV text in chunks: a byte-order mark and the header line, then a chunk per page of
 * products in key order, each product's variants in the order of their options.
 */
export async function* productExportCsv(db: Database): AsyncGenerator<string> {
  const regionColumns = await regionColumnsOf(db);
  const header = [
    ...PRODUCT_CSV_BASE_COLUMNS,
    ...PRODUCT_CSV_OPTION_COLUMNS,
    PRODUCT_CSV_BASE_PRICE_COLUMN,
    ...regionColumns.map((region) => region.column),
    PRODUCT_CSV_STOCK_COLUMN,
  ];
  yield `\uFEFF${csvRecords([header])}`;
  let after = '';
  for (;;) {
    const page = await db
      .select({
        id: products.id,
        paramName: products.paramName,
        name: products.name,
        categoryId: products.categoryId,
        merchantSlug: merchants.slug,
        disabled: products.disabled,
        priceMinor: products.priceMinor,
        stock: products.stock,
        options: products.variants,
      })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(gt(products.paramName, after))
      .orderBy(asc(products.paramName))
      .limit(EXPORT_PAGE_SIZE);
    const last = page[page.length - 1];
    if (!last) return;
    const ids = page.map((product) => product.id);
    const [variantRows, priceRows] = await Promise.all([
      db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
      db.select().from(productRegionPrices).where(inArray(productRegionPrices.productId, ids)),
    ]);
    const records: CsvCell[][] = [];
    for (const product of page) {
      const own = variantRows
        .filter((variant) => variant.productId === product.id)
        .sort((a, b) => byOptionOrder(a.path, b.path));
      const prices = new Map(
        priceRows
          .filter((price) => price.productId === product.id)
          .map((price) => [`${price.countryCode} ${price.variantPath}`, price]),
      );
      const sellable =
        own.length > 0
          ? own.map((variant) => ({ ...variant }))
          : [{ path: '', priceMinor: product.priceMinor, stock: product.stock }];
      for (const variant of sellable) {
        const indexes = parseVariantPath(variant.path) ?? [];
        const picks = PRODUCT_CSV_OPTION_COLUMNS.map((_, column) => {
          const kind = product.options[Math.floor(column / 2)];
          const index = indexes[Math.floor(column / 2)];
          if (!kind || index === undefined) return null;
          return column % 2 === 0 ? kind.name : (kind.options[index] ?? null);
        });
        // A price set in a currency the region no longer uses does not apply, so it is not the region's.
        const regionCells = regionColumns.map((region) => {
          const price = prices.get(`${region.countryCode} ${variant.path}`);
          return price && price.currency === region.currency
            ? decimal(price.amountMinor, region.currency)
            : null;
        });
        records.push([
          product.paramName,
          product.name,
          product.categoryId,
          product.merchantSlug,
          product.disabled ? 'no' : 'yes',
          ...picks,
          decimal(variant.priceMinor, BASE_CURRENCY),
          ...regionCells,
          variant.stock,
        ]);
      }
    }
    yield csvRecords(records);
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = last.paramName;
  }
}

/** Who took the catalogue out of the store, before its first line is sent. */
export async function recordProductExport(db: Database, actorUserId: string): Promise<void> {
  await recordAudit(db, {
    actorUserId,
    action: 'product.export',
    subject: { type: 'product', id: 'export' },
    before: null,
    after: null,
  });
}

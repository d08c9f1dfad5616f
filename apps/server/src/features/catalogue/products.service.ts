import type { Product, ProductSummary } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import type { PricingRegion } from '../regions/pricing.js';
import { merchants, products } from './catalogue.table.js';
import { readerFor } from './catalogue-caches.js';
import {
  type LoadedProduct,
  productFields,
  productKey,
  selectProducts,
  toProduct,
  toSummary,
} from './product-rows.js';

// Pages and lists read products through each process's cache; what commits to a price or to stock (the
// cart, quotations, checkout) reads the tables (docs/decisions/0009-product-page-cache.md).

/**
 * A product by uuid or paramName, disabled or not (its page explains a disabled product is unavailable);
 * product/not_found when there is none.
 */
export async function getProduct(
  db: Database,
  idOrParamName: string,
  region: PricingRegion,
): Promise<Product> {
  const reader = readerFor(db);
  const key = productKey(idOrParamName);
  let row = key === undefined ? undefined : reader.cache.get(key);
  if (!row) {
    const changesHeard = reader.changesHeard;
    row = await loadProductRow(db, idOrParamName);
    if (row && changesHeard === reader.changesHeard) reader.cache.remember(row);
  }
  if (!row) throw new AppError('product/not_found', [idOrParamName]);
  return toProduct(row, region);
}

/** One product's row from the tables, through the prepared statement for its kind of key. */
async function loadProductRow(db: Database, idOrParamName: string): Promise<LoadedProduct | undefined> {
  const key = productKey(idOrParamName);
  if (key === undefined) return undefined;
  const { lookups } = readerFor(db);
  const [row] = await (isUuid(key) ? lookups.byId : lookups.byParamName).execute({ key });
  return row;
}

/** The summaries of the given products that exist, in the order of `ids`. */
export async function productSummaries(
  db: Database,
  ids: readonly string[],
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const reader = readerFor(db);
  const rows = new Map<string, LoadedProduct>();
  const missing: string[] = [];
  for (const id of ids) {
    const row = reader.cache.get(id);
    if (row) rows.set(id, row);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const changesHeard = reader.changesHeard;
    const loaded = await selectProducts(db).where(inArray(products.id, missing));
    const current = changesHeard === reader.changesHeard;
    for (const row of loaded) {
      if (current) reader.cache.remember(row);
      rows.set(row.id, row);
    }
  }
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toSummary(toProduct(row, region))] : [];
  });
}

/**
 * One product as it stands in the tables now, by uuid or paramName, bypassing the page cache: the cart's
 * hot path, through the same prepared statements as the product page. Not for use inside a transaction
 * (the statements belong to the pool); use `productsFromTables` there.
 */
export async function productFromTables(
  db: Database,
  idOrParamName: string,
  region: PricingRegion,
): Promise<Product | undefined> {
  const row = await loadProductRow(db, idOrParamName);
  return row ? toProduct(row, region) : undefined;
}

/**
 * Products as they stand in the tables now, bypassing the page cache: for what commits to a price or to
 * stock (the cart, quotations, checkout). `idsOrParamNames` may mix uuids and paramNames; unknown ones are
 * left out. Runs inside the caller's transaction when given one.
 */
export async function productsFromTables(
  db: Database,
  idsOrParamNames: readonly string[],
  region: PricingRegion,
): Promise<Product[]> {
  const keys = idsOrParamNames.flatMap((idOrParamName) => productKey(idOrParamName) ?? []);
  const ids = keys.filter((key) => isUuid(key));
  const paramNames = keys.filter((key) => !isUuid(key));
  if (ids.length === 0 && paramNames.length === 0) return [];
  const rows = await selectProducts(db).where(
    or(
      ids.length > 0 ? inArray(products.id, ids) : undefined,
      paramNames.length > 0 ? inArray(products.paramName, paramNames) : undefined,
    ),
  );
  return rows.map((row) => toProduct(row, region));
}

/** A product with what prices its delivery: its weight and its merchant's country. */
export type ShippableProduct = { product: Product; weightGrams: number; originCountry: string };

/**
 * The columns a shippable product is read from, for a statement that joins products and their merchants
 * to its own table (a cart's lines): `toShippable` turns such a row into the product.
 */
export const shippableFields = {
  ...productFields,
  weightGrams: products.weightGrams,
  originCountry: merchants.countryCode,
};

export function toShippable(
  { weightGrams, originCountry, ...row }: LoadedProduct & { weightGrams: number; originCountry: string },
  region: PricingRegion,
): ShippableProduct {
  return { product: toProduct(row, region), weightGrams, originCountry };
}

/** The products of these ids as checkout prices them and their delivery, read in one statement. */
export async function shippableProductsFromTables(
  db: Database,
  ids: readonly string[],
  region: PricingRegion,
): Promise<ShippableProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(shippableFields)
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(inArray(products.id, [...ids]));
  return rows.map((row) => toShippable(row, region));
}

/** Whether the id names a product that exists (disabled or not). */
export async function productExists(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

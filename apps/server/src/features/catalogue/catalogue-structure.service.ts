import {
  buildCategoryTree,
  type CategoryNode,
  type Merchant,
  optionalImageUrl,
  type ProductSummary,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { asc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isUuid } from '../../lib/ids.js';
import type { PricingRegion } from '../regions/pricing.js';
import { categories, merchants } from './catalogue.table.js';
import { productSummaries } from './products.service.js';

// Categories and merchants as the storefront reads them; staff edit them in catalogue-admin
// (docs/features/catalogue-structure.md).

/** The tree the store shows: a disabled category is left out with everything below it. */
export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(
      sql`NOT EXISTS (SELECT 1 FROM categories AS d WHERE d.disabled
                        AND (${categories.path} = d.path OR ${categories.path} LIKE d.path || '.%'))`,
    )
    .orderBy(asc(categories.position), asc(categories.name));
  return buildCategoryTree(rows);
}

export async function categoryName(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('category/not_found', [id]);
  return row.name;
}

export async function categoryPathOf(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ path: categories.path }).from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('category/not_found', [id]);
  return row.path;
}

export async function assertMerchantExists(db: Database, id: string): Promise<void> {
  const [row] = isUuid(id)
    ? await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id))
    : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
}

/** Products of a category and of every category below it, as a condition on `p`. */
export async function withinCategory(db: Database, categoryId: string): Promise<SQL> {
  const path = await categoryPathOf(db, categoryId);
  // Category ids hold only [a-z0-9-], so the path needs no LIKE escaping.
  return sql`p.category_id IN (SELECT c.id FROM categories AS c WHERE c.path = ${path} OR c.path LIKE ${`${path}.%`})`;
}

/**
 * A showcase of a category and everything below it: products on sale, those in stock first, newest first.
 * Walks the newest-products index, so its cost does not grow with the catalogue.
 */
export async function categoryShowcase(
  db: Database,
  categoryId: string,
  limit: number,
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM products AS p
         WHERE NOT p.disabled AND ${await withinCategory(db, categoryId)}
         ORDER BY p.in_stock DESC, p.created_at DESC, p.id LIMIT ${limit}`,
  );
  return productSummaries(
    db,
    rows.map((row) => row.id),
    region,
  );
}

/** A merchant's columns as the store shows it; the back office reads these and more (merchant-admin). */
export const merchantColumns = {
  id: merchants.id,
  name: merchants.name,
  slug: merchants.slug,
  sourceMarketPlace: merchants.sourceMarketPlace,
  countryCode: merchants.countryCode,
  description: merchants.description,
  logoImage: merchants.logoImage,
};

/** How many of a merchant's products are on sale, counted as its row is read. */
export const merchantProductCount = sql<number>`(SELECT count(*)::int FROM products AS p WHERE p.merchant_id = "merchants"."id" AND NOT p.disabled)`;

const merchantFields = { ...merchantColumns, productCount: merchantProductCount };

function toMerchant({ logoImage, ...row }: { logoImage: string | null } & Omit<Merchant, 'logo'>): Merchant {
  return { ...row, logo: optionalImageUrl(logoImage) };
}

/** The merchants the store shows: disabled ones are left out. */
export async function listMerchants(
  db: Database,
  page: number,
  limit: number,
): Promise<{ merchants: Merchant[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(merchantFields)
      .from(merchants)
      .where(not(merchants.disabled))
      .orderBy(asc(merchants.name), asc(merchants.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(merchants).where(not(merchants.disabled)),
  ]);
  return { merchants: rows.map(toMerchant), total: counted?.total ?? 0 };
}

export async function getMerchant(db: Database, id: string): Promise<Merchant> {
  const [row] = isUuid(id) ? await db.select(merchantFields).from(merchants).where(eq(merchants.id, id)) : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
  return toMerchant(row);
}

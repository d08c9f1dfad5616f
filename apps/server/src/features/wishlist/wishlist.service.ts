import type { ProductSummary } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { productExists, productSummaries } from '../catalogue/products.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { wishlistItems } from './wishlist.table.js';

export type WishlistItem = { id: string; productId: string; createdAt: string; product: ProductSummary };

type ItemRow = { id: string; productId: string; createdAt: Date };

async function withProducts(db: Database, rows: ItemRow[], region: PricingRegion): Promise<WishlistItem[]> {
  const summaries = await productSummaries(
    db,
    rows.map((row) => row.productId),
    region,
  );
  const byId = new Map(summaries.map((product) => [product.uuid, product]));
  return rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ ...row, createdAt: row.createdAt.toISOString(), product }] : [];
  });
}

const itemColumns = {
  id: wishlistItems.id,
  productId: wishlistItems.productId,
  createdAt: wishlistItems.createdAt,
};

/** Adds a product to the shopper's wishlist; adding it again changes nothing (a double click is harmless). */
export async function addToWishlist(
  db: Database,
  userId: string,
  productId: string,
  region: PricingRegion,
): Promise<{ item: WishlistItem; created: boolean }> {
  if (!(await productExists(db, productId))) throw new AppError('product/not_found', [productId]);
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning(itemColumns);
  const row =
    inserted[0] ??
    (
      await db
        .select(itemColumns)
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    )[0];
  if (!row) throw new Error('wishlist item vanished while being added');
  const [item] = await withProducts(db, [row], region);
  if (!item) throw new AppError('product/not_found', [productId]);
  return { item, created: inserted.length > 0 };
}

export async function listWishlist(
  db: Database,
  userId: string,
  page: { page: number; limit: number },
  region: PricingRegion,
): Promise<{ items: WishlistItem[]; total: number }> {
  const mine = eq(wishlistItems.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(itemColumns)
      .from(wishlistItems)
      .where(mine)
      .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(wishlistItems).where(mine),
  ]);
  return { items: await withProducts(db, rows, region), total: counted?.total ?? 0 };
}

/** The shopper's own wishlist item; another shopper's id answers as if it did not exist. */
export async function getWishlistItem(
  db: Database,
  userId: string,
  id: string,
  region: PricingRegion,
): Promise<WishlistItem> {
  const rows = isUuid(id)
    ? await db
        .select(itemColumns)
        .from(wishlistItems)
        .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    : [];
  const [item] = await withProducts(db, rows, region);
  if (!item) throw new AppError('wishlist/not_found', [id]);
  return item;
}

export async function removeFromWishlist(db: Database, userId: string, id: string): Promise<void> {
  const removed = isUuid(id)
    ? await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
        .returning({ id: wishlistItems.id })
    : [];
  if (removed.length === 0) throw new AppError('wishlist/not_found', [id]);
}

export async function isInWishlist(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return row !== undefined;
}

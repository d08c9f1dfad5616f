import type { ProductSummary } from '@crossbuy/core/catalogue';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { PricingRegion } from '../regions/pricing.js';
import { products, recentlyViewed } from './catalogue.table.js';
import { productSummaries } from './products.service.js';

export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * Remembers that the shopper opened these products, oldest first, and forgets all but their newest views.
 * Neither statement can be part of a deadlock, however many run at once for one shopper, in however many
 * server processes: an upsert locks a single row, and the trim never waits for a lock (it leaves rows
 * someone else holds to a later trim). A row refreshed after the trim's snapshot is re-read when locked,
 * is no longer older than the cutoff and is kept.
 */
export async function recordProductViews(
  db: Database,
  userId: string,
  productIds: readonly string[],
): Promise<void> {
  // Each view is later than the shopper's newest, even within one tick of a coarse clock (PGlite's
  // counts milliseconds), so the list keeps the order the products were opened in.
  const viewedAt = sql`greatest(clock_timestamp(), (
    SELECT viewed_at + interval '1 microsecond' FROM recently_viewed
     WHERE user_id = ${userId} ORDER BY viewed_at DESC LIMIT 1))`;
  for (const productId of productIds) {
    await db
      .insert(recentlyViewed)
      .values({ userId, productId, viewedAt })
      .onConflictDoUpdate({
        target: [recentlyViewed.userId, recentlyViewed.productId],
        set: { viewedAt: sql`excluded.viewed_at` },
      });
  }
  await db.execute(sql`
    DELETE FROM recently_viewed
     WHERE user_id = ${userId}
       AND product_id IN (
             SELECT product_id FROM recently_viewed
              WHERE user_id = ${userId}
                AND (viewed_at, product_id) < (
                      SELECT viewed_at, product_id FROM recently_viewed WHERE user_id = ${userId}
                       ORDER BY viewed_at DESC, product_id DESC OFFSET ${RECENTLY_VIEWED_LIMIT - 1} LIMIT 1)
                FOR UPDATE SKIP LOCKED)`);
}

/** The shopper's recently viewed products that are still on sale, newest first. */
export async function recentlyViewedProducts(
  db: Database,
  userId: string,
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const rows = await db
    .select({ productId: recentlyViewed.productId })
    .from(recentlyViewed)
    .innerJoin(products, eq(products.id, recentlyViewed.productId))
    .where(and(eq(recentlyViewed.userId, userId), not(products.disabled)))
    .orderBy(sql`${recentlyViewed.viewedAt} DESC`, desc(recentlyViewed.productId))
    .limit(RECENTLY_VIEWED_LIMIT);
  return productSummaries(
    db,
    rows.map((row) => row.productId),
    region,
  );
}

import { type HomeProductGroup, imageUrl, optionalImageUrl } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { productSummaries } from '../catalogue/products.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { banners, homeProductGroupItems, homeProductGroups, imagePages, popups } from './content.table.js';

// The storefront's reads of content: what shows now, read on every page render (docs/rules/content.md).
// The back office's side is content-items.ts, over the kinds in banners-and-popups.ts and
// home-groups-and-image-pages.ts.

/** Products shown per home group; a group may hold more, the home page shows one row. */
const HOME_GROUP_PRODUCT_LIMIT = 12;

/** Live now: switched on and inside its schedule. */
function isLive(table: { active: PgColumn; startsAt: PgColumn; endsAt: PgColumn }) {
  return and(
    eq(table.active, true),
    or(isNull(table.startsAt), lte(table.startsAt, sql`now()`)),
    or(isNull(table.endsAt), gt(table.endsAt, sql`now()`)),
  );
}

export async function liveBanners(db: Database) {
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      image: banners.image,
      link: banners.link,
    })
    .from(banners)
    .where(isLive(banners))
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => ({ ...row, image: imageUrl(row.image) }));
}

/** The popup to show now: the newest live one, or none. */
export async function currentPopup(db: Database) {
  const [row] = await db
    .select({ id: popups.id, title: popups.title, body: popups.body, image: popups.image, link: popups.link })
    .from(popups)
    .where(isLive(popups))
    .orderBy(desc(popups.createdAt), desc(popups.id))
    .limit(1);
  return row ? { ...row, image: optionalImageUrl(row.image) } : null;
}

export async function getImagePage(db: Database, id: string) {
  const [row] = await db
    .select({ id: imagePages.id, title: imagePages.title, images: imagePages.images })
    .from(imagePages)
    .where(and(eq(imagePages.id, id), eq(imagePages.active, true)));
  if (!row) throw new AppError('image_page/not_found', [id]);
  return { ...row, images: row.images.map((entry) => ({ ...entry, image: imageUrl(entry.image) })) };
}

/** The live home groups in order, each with its first products on sale; all products load in one query. */
export async function liveHomeProductGroups(
  db: Database,
  region: PricingRegion,
): Promise<HomeProductGroup[]> {
  const groups = await db
    .select({
      id: homeProductGroups.id,
      title: homeProductGroups.title,
      categoryId: homeProductGroups.categoryId,
    })
    .from(homeProductGroups)
    .where(isLive(homeProductGroups))
    .orderBy(asc(homeProductGroups.position), asc(homeProductGroups.id));
  if (groups.length === 0) return [];
  const items = await db
    .select({ groupId: homeProductGroupItems.groupId, productId: homeProductGroupItems.productId })
    .from(homeProductGroupItems)
    .where(
      inArray(
        homeProductGroupItems.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(asc(homeProductGroupItems.position), asc(homeProductGroupItems.productId));
  const products = await productSummaries(db, [...new Set(items.map((item) => item.productId))], region);
  const onSale = new Map(
    products.filter((product) => !product.disabled).map((product) => [product.uuid, product]),
  );
  return groups.map((group) => ({
    ...group,
    products: items
      .filter((item) => item.groupId === group.id)
      .flatMap((item) => onSale.get(item.productId) ?? [])
      .slice(0, HOME_GROUP_PRODUCT_LIMIT),
  }));
}

import { imageUrl } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import {
  contentStatus,
  type HomeGroupDraft,
  IMAGE_PAGE_ID_PATTERN,
  type ImagePageDraft,
  type ImagePagePicture,
  imagePagePath,
  type NewImagePage,
  type StoreHomeGroup,
  type StoreImagePage,
} from '@crossbuy/core/marketing';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { categories, products } from '../catalogue/catalogue.table.js';
import { banners, homeProductGroupItems, homeProductGroups, imagePages, popups } from './content.table.js';
import { type ContentKind, contentRows, itemColumns, itemFields, scheduleFields } from './content-items.js';
import { holdContentPictures } from './content-pictures.js';

// Home product groups and image pages as the back office edits them
// (docs/features/home-groups-and-image-pages.md), each configured for content-items.ts as banners are.

// Home product groups: rows of hand-picked products on the home page. A group and its picked products
// change together in one transaction.

type HomeGroupRow = typeof homeProductGroups.$inferSelect;
/** A group with its picked products in their order, which the audit log records with it. */
type HomeGroup = { row: HomeGroupRow; productIds: string[] };

/** What the back office edits of a group's own row, besides its schedule; its products are kept apart. */
const HOME_GROUP_FIELDS = ['title', 'categoryId', 'position', 'active'] as const;

function homeGroupFields({ row, productIds }: HomeGroup) {
  return { ...itemFields(row, HOME_GROUP_FIELDS), productIds };
}

function homeGroupColumns(draft: HomeGroupDraft) {
  return itemColumns(draft, HOME_GROUP_FIELDS);
}

async function groupProductIds(db: Database, groupIds: string[]): Promise<Map<string, string[]>> {
  const byGroup = new Map<string, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const items = await db
    .select({ groupId: homeProductGroupItems.groupId, productId: homeProductGroupItems.productId })
    .from(homeProductGroupItems)
    .where(inArray(homeProductGroupItems.groupId, groupIds))
    .orderBy(asc(homeProductGroupItems.position), asc(homeProductGroupItems.productId));
  for (const item of items) byGroup.get(item.groupId)?.push(item.productId);
  return byGroup;
}

/** The groups as the back office shows them, with their products' and categories' names in two queries. */
async function toStoreHomeGroups(db: Database, rows: HomeGroupRow[]): Promise<StoreHomeGroup[]> {
  const productIdsByGroup = await groupProductIds(
    db,
    rows.map((row) => row.id),
  );
  const productIds = [...new Set([...productIdsByGroup.values()].flat())];
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryId ?? []))];
  const [productRows, categoryRows] = await Promise.all([
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, name: products.name, enabled: sql<boolean>`not ${products.disabled}` })
          .from(products)
          .where(inArray(products.id, productIds)),
    categoryIds.length === 0
      ? []
      : db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, categoryIds)),
  ]);
  const productById = new Map(productRows.map((product) => [product.id, product]));
  const categoryNameById = new Map(categoryRows.map((category) => [category.id, category.name]));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    categoryId: row.categoryId,
    categoryName: row.categoryId === null ? null : (categoryNameById.get(row.categoryId) ?? null),
    products: (productIdsByGroup.get(row.id) ?? []).flatMap((id) => productById.get(id) ?? []),
    position: row.position,
    active: row.active,
    ...scheduleFields(row),
    status: contentStatus(row, now),
  }));
}

/**
 * The category and products must exist. They are read under a share lock so a product or category
 * deleted at the same moment waits for this change instead of breaking its foreign keys.
 */
async function assertHomeGroupRefs(tx: Database, draft: HomeGroupDraft): Promise<void> {
  if (draft.categoryId !== null) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, draft.categoryId))
      .for('share');
    if (!category) throw new AppError('content/invalid_category');
  }
  if (draft.productIds.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, draft.productIds))
      .for('share');
    if (found.length !== draft.productIds.length) throw new AppError('content/invalid_products');
  }
}

async function writeHomeGroupItems(tx: Database, groupId: string, productIds: string[]): Promise<void> {
  await tx.delete(homeProductGroupItems).where(eq(homeProductGroupItems.groupId, groupId));
  if (productIds.length === 0) return;
  await tx
    .insert(homeProductGroupItems)
    .values(productIds.map((productId, position) => ({ groupId, productId, position })));
}

const homeGroupRows = contentRows(homeProductGroups, isUuid, () => new AppError('home_group/not_found'));

export const homeGroupKind: ContentKind<HomeGroup, StoreHomeGroup, HomeGroupDraft> = {
  noun: 'home_group',
  async list(db) {
    const rows = await homeGroupRows.list(db, asc(homeProductGroups.position), asc(homeProductGroups.id));
    return toStoreHomeGroups(db, rows);
  },
  async locked(tx, id) {
    const row = await homeGroupRows.locked(tx, id);
    return { row, productIds: (await groupProductIds(tx, [id])).get(id) ?? [] };
  },
  async insert(tx, _pictures, draft) {
    await assertHomeGroupRefs(tx, draft);
    const row = await homeGroupRows.insert(tx, homeGroupColumns(draft));
    await writeHomeGroupItems(tx, row.id, draft.productIds);
    return { row, productIds: draft.productIds };
  },
  async update(tx, _pictures, current, draft) {
    await assertHomeGroupRefs(tx, draft);
    const row = await homeGroupRows.rewrite(tx, current.row.id, homeGroupColumns(draft));
    await writeHomeGroupItems(tx, row.id, draft.productIds);
    return { row, productIds: draft.productIds };
  },
  remove: (tx, current) => homeGroupRows.remove(tx, current.row.id),
  idOf: (group) => group.row.id,
  fields: homeGroupFields,
  // A group shows products, not pictures of its own.
  pictures: () => [],
  // Read back as the list reads it, so the answer names the products and category as the list does.
  async answer(tx, group) {
    const rows = await tx.select().from(homeProductGroups).where(eq(homeProductGroups.id, group.row.id));
    const [answer] = await toStoreHomeGroups(tx, rows);
    if (!answer) throw new AppError('home_group/not_found');
    return answer;
  },
};

// Image pages: a page of pictures addressed by a readable id. A page banners or popups link to is not
// deleted from under them.

type ImagePageRow = typeof imagePages.$inferSelect;

function imagePageFields(row: ImagePageRow) {
  return { title: row.title, pictures: row.images, active: row.active };
}

function toStoreImagePage(row: ImagePageRow, linkedFrom: number): StoreImagePage {
  return {
    id: row.id,
    title: row.title,
    path: imagePagePath(row.id),
    pictures: row.images.map((picture) => ({ ...picture, imageUrl: imageUrl(picture.image) })),
    active: row.active,
    linkedFrom,
  };
}

/** Links to the page itself, with or without a query or fragment. */
function linksToPage(link: PgColumn, id: string) {
  const path = imagePagePath(id);
  return or(
    eq(link, path),
    sql`starts_with(${link}, ${`${path}?`})`,
    sql`starts_with(${link}, ${`${path}#`})`,
  );
}

/** How many banners and popups link to each page. */
async function imagePageLinkCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const links = await db
    .select({ link: banners.link })
    .from(banners)
    .where(sql`${banners.link} like '/image_page/%'`)
    .unionAll(db.select({ link: popups.link }).from(popups).where(sql`${popups.link} like '/image_page/%'`));
  for (const { link } of links) {
    const id = link?.slice('/image_page/'.length).split(/[?#]/)[0] ?? '';
    const count = counts.get(id);
    if (count !== undefined) counts.set(id, count + 1);
  }
  return counts;
}

const pictureKeys = (pictures: readonly ImagePagePicture[]) => pictures.map((picture) => picture.image);

const imagePageRows = contentRows(
  imagePages,
  (id) => IMAGE_PAGE_ID_PATTERN.test(id),
  (id) => new AppError('image_page/not_found', [id]),
);

export const imagePageKind: ContentKind<ImagePageRow, StoreImagePage, ImagePageDraft, NewImagePage> = {
  noun: 'image_page',
  /** By address, on or off. */
  async list(db) {
    const rows = await imagePageRows.list(db, asc(imagePages.id));
    const counts = await imagePageLinkCounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toStoreImagePage(row, counts.get(row.id) ?? 0));
  },
  locked: imagePageRows.locked,
  async insert(tx, pictures, draft) {
    await holdContentPictures(tx, pictures, pictureKeys(draft.pictures), 'content/invalid_pictures');
    const [row] = await tx
      .insert(imagePages)
      .values({ id: draft.id, title: draft.title, images: draft.pictures, active: draft.active })
      .onConflictDoNothing({ target: imagePages.id })
      .returning();
    if (!row) throw new AppError('image_page/id_taken', [draft.id]);
    return row;
  },
  async update(tx, pictures, current, draft) {
    await holdContentPictures(tx, pictures, pictureKeys(draft.pictures), 'content/invalid_pictures');
    return imagePageRows.rewrite(tx, current.id, {
      title: draft.title,
      images: draft.pictures,
      active: draft.active,
    });
  },
  async remove(tx, current) {
    const [linked] = await tx.select({ count: sql<number>`count(*)::int` }).from(
      tx
        .select({ id: banners.id })
        .from(banners)
        .where(linksToPage(banners.link, current.id))
        .unionAll(tx.select({ id: popups.id }).from(popups).where(linksToPage(popups.link, current.id)))
        .as('linking'),
    );
    if (linked && linked.count > 0) throw new AppError('image_page/linked', [linked.count]);
    await imagePageRows.remove(tx, current.id);
  },
  idOf: (row) => row.id,
  fields: imagePageFields,
  pictures: (row) => pictureKeys(row.images),
  answer: async (tx, row) =>
    toStoreImagePage(row, (await imagePageLinkCounts(tx, [row.id])).get(row.id) ?? 0),
};

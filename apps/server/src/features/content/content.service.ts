import { randomUUID } from 'node:crypto';
import { type HomeProductGroup, imageUrl, thumbnailPath } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import {
  type BannerDraft,
  type ContentPicture,
  contentStatus,
  type HomeGroupDraft,
  IMAGE_PAGE_ID_PATTERN,
  type ImagePageDraft,
  type ImagePagePicture,
  imagePagePath,
  isContentImageKey,
  type NewImagePage,
  type PopupDraft,
  type StoreBanner,
  type StoreHomeGroup,
  type StoreImagePage,
  type StorePopup,
} from '@crossbuy/core/marketing';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { removePicture, savePicture } from '../../lib/image-store.js';
import { isPictureKey, type PictureStorage } from '../../lib/picture-storage.js';
import { preparePicture } from '../../lib/picture-upload.js';
import { changedFields, recordAudit } from '../audit/audit.service.js';
import { categories, products } from '../catalogue/catalogue.table.js';
import { productSummaries } from '../catalogue/products.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { banners, homeProductGroupItems, homeProductGroups, imagePages, popups } from './content.table.js';

/** Far more banners or popups than a store runs at once; those lists are not paged. */
const STORE_CONTENT_LIST_LIMIT = 200;
/** The image store's folders content pictures live in. */
const CONTENT_PICTURE_FOLDERS = ['banners', 'pages'] as const;
/** Where uploaded content pictures go: listed with the rest, so any banner or popup can show one again. */
const CONTENT_UPLOAD_FOLDER = 'banners';
/** An uploaded content picture's key, as uploadContentPicture names it. Only these are ever deleted: the
 * drawn pictures beside them are the store's demo data, written at seed time. */
const UPLOADED_CONTENT_PICTURE_KEY = new RegExp(
  `^${CONTENT_UPLOAD_FOLDER}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.webp$`,
);
/** The first half of a content picture's advisory lock, a key space no other lock of the store uses. */
const CONTENT_PICTURE_LOCK_SPACE = 7001;

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

const optionalImageUrl = (key: string | null) => (key === null ? null : imageUrl(key));

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

// The store's side of banners: operators and admins list, write, order, switch and delete them. The
// storefront reads the table on every page render (nothing is cached in the process), so a change shows
// on the next page load; every change is audited with the fields it touched.

type BannerRow = typeof banners.$inferSelect;

/** A banner's fields as the audit log and the back office name them. */
function bannerFields(row: BannerRow) {
  return {
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    link: row.link,
    position: row.position,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

function toStoreBanner(row: BannerRow, now = new Date()): StoreBanner {
  return { id: row.id, ...bannerFields(row), imageUrl: imageUrl(row.image), status: contentStatus(row, now) };
}

/** The pictures content may show: those in the image store's banner and page folders, thumbnails aside. */
export async function contentPictures(pictures: PictureStorage): Promise<ContentPicture[]> {
  const keys: string[] = [];
  for (const folder of CONTENT_PICTURE_FOLDERS) {
    keys.push(...(await pictures.list(`${folder}/`)).filter(isContentImageKey));
  }
  const thumbnails = new Set(keys.map(thumbnailPath));
  return keys
    .filter((key) => !thumbnails.has(key))
    .sort()
    .map((key) => ({ key, url: imageUrl(key) }));
}

/**
 * Stores an uploaded picture among the content pictures, checked and re-encoded as product pictures are,
 * and names it for a banner or popup to show. It is not audited by itself: the banner or popup saved with
 * it is. Once no banner, popup or image page shows it any more, it is deleted (deleteUnshownUploads).
 */
export async function uploadContentPicture(pictures: PictureStorage, bytes: Buffer): Promise<ContentPicture> {
  const key = `${CONTENT_UPLOAD_FOLDER}/${randomUUID()}.webp`;
  await savePicture(pictures, key, await preparePicture(bytes));
  return { key, url: imageUrl(key) };
}

/** Waits for, then holds until the transaction ends, the right to delete or to show an uploaded picture. */
async function lockContentPicture(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTENT_PICTURE_LOCK_SPACE}, hashtext(${key}))`);
}

/**
 * Checks, inside the transaction that will show them, that the pictures are stored, holding each uploaded
 * one's lock until it commits. A deletion of that picture then waits and sees it shown; a deletion that
 * came first has removed the picture, and the change is refused instead of showing a missing picture.
 */
async function holdContentPictures(
  tx: Database,
  pictures: PictureStorage,
  keys: readonly string[],
  refusal: 'content/invalid_image' | 'content/invalid_pictures',
): Promise<void> {
  // In one order, so two changes holding the same pictures wait for each other rather than deadlock.
  for (const key of [...new Set(keys)].sort()) {
    if (UPLOADED_CONTENT_PICTURE_KEY.test(key)) await lockContentPicture(tx, key);
    if (!isPictureKey(key) || !(await pictures.exists(key))) throw new AppError(refusal);
  }
}

/** Whether any banner, popup or image page shows the picture. */
async function isContentPictureShown(tx: Database, key: string): Promise<boolean> {
  const onPage = sql`${imagePages.images} @> ${JSON.stringify([{ image: key }])}::jsonb`;
  const showing = await tx
    .select({ id: sql<string>`${banners.id}::text` })
    .from(banners)
    .where(eq(banners.image, key))
    .unionAll(
      tx
        .select({ id: sql<string>`${popups.id}::text` })
        .from(popups)
        .where(eq(popups.image, key)),
    )
    .unionAll(tx.select({ id: imagePages.id }).from(imagePages).where(onPage))
    .limit(1);
  return showing.length > 0;
}

/**
 * Deletes, with their thumbnails, the uploaded pictures among `released` that nothing shows any more. Called
 * once the change that let go of them has committed, so a change rolled back never loses a picture it
 * still shows; a picture another banner, popup or image page shows is kept, and a drawn one always is.
 */
async function deleteUnshownUploads(
  db: Database,
  pictures: PictureStorage,
  released: readonly (string | null)[],
): Promise<void> {
  for (const key of new Set(released)) {
    if (key === null || !UPLOADED_CONTENT_PICTURE_KEY.test(key)) continue;
    await db.transaction(async (tx) => {
      await lockContentPicture(tx, key);
      if (!(await isContentPictureShown(tx, key))) await removePicture(pictures, key);
    });
  }
}

/** The pictures `before` showed that `after` no longer does. */
function letGo(before: readonly (string | null)[], after: readonly (string | null)[]): (string | null)[] {
  return before.filter((key) => !after.includes(key));
}

function bannerColumns(draft: BannerDraft) {
  return {
    title: draft.title,
    subtitle: draft.subtitle,
    image: draft.image,
    link: draft.link,
    position: draft.position,
    active: draft.active,
    startsAt: draft.startsAt === null ? null : new Date(draft.startsAt),
    endsAt: draft.endsAt === null ? null : new Date(draft.endsAt),
  };
}

/** Every banner in the home page's order, live or not. */
export async function listStoreBanners(db: Database): Promise<StoreBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .orderBy(asc(banners.position), asc(banners.id))
    .limit(STORE_CONTENT_LIST_LIMIT);
  const now = new Date();
  return rows.map((row) => toStoreBanner(row, now));
}

async function lockedBanner(tx: Database, id: string): Promise<BannerRow> {
  if (!isUuid(id)) throw new AppError('banner/not_found');
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw new AppError('banner/not_found');
  return row;
}

export type ContentActor = { userId: string; pictures: PictureStorage };

export async function createBanner(db: Database, actor: ContentActor, draft: BannerDraft) {
  return db.transaction(async (tx) => {
    await holdContentPictures(tx, actor.pictures, [draft.image], 'content/invalid_image');
    const [row] = await tx.insert(banners).values(bannerColumns(draft)).returning();
    if (!row) throw new Error('banner insert returned nothing');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.create_banner',
      subject: { type: 'content', id: row.id },
      before: null,
      after: bannerFields(row),
    });
    return toStoreBanner(row);
  });
}

export async function updateBanner(db: Database, actor: ContentActor, id: string, draft: BannerDraft) {
  const { banner, released } = await db.transaction(async (tx) => {
    const current = await lockedBanner(tx, id);
    await holdContentPictures(tx, actor.pictures, [draft.image], 'content/invalid_image');
    const [row] = await tx.update(banners).set(bannerColumns(draft)).where(eq(banners.id, id)).returning();
    if (!row) throw new AppError('banner/not_found');
    const change = changedFields(bannerFields(current), bannerFields(row));
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'content.update_banner',
        subject: { type: 'content', id: row.id },
        ...change,
      });
    }
    return { banner: toStoreBanner(row), released: letGo([current.image], [row.image]) };
  });
  await deleteUnshownUploads(db, actor.pictures, released);
  return banner;
}

export async function deleteBanner(db: Database, actor: ContentActor, id: string): Promise<void> {
  const released = await db.transaction(async (tx) => {
    const current = await lockedBanner(tx, id);
    await tx.delete(banners).where(eq(banners.id, current.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.delete_banner',
      subject: { type: 'content', id: current.id },
      before: bannerFields(current),
      after: null,
    });
    return current.image;
  });
  await deleteUnshownUploads(db, actor.pictures, [released]);
}

// Popups: the newest live one greets visitors of the home page. Same rules and audit as banners.

type PopupRow = typeof popups.$inferSelect;

function popupFields(row: PopupRow) {
  return {
    title: row.title,
    body: row.body,
    image: row.image,
    link: row.link,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

function toStorePopup(row: PopupRow, now = new Date()): StorePopup {
  return {
    id: row.id,
    ...popupFields(row),
    imageUrl: optionalImageUrl(row.image),
    status: contentStatus(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

function popupColumns(draft: PopupDraft) {
  return {
    title: draft.title,
    body: draft.body,
    image: draft.image,
    link: draft.link,
    active: draft.active,
    startsAt: draft.startsAt === null ? null : new Date(draft.startsAt),
    endsAt: draft.endsAt === null ? null : new Date(draft.endsAt),
  };
}

/** Every popup, newest first (the order in which the home page picks the live one). */
export async function listStorePopups(db: Database): Promise<StorePopup[]> {
  const rows = await db
    .select()
    .from(popups)
    .orderBy(desc(popups.createdAt), desc(popups.id))
    .limit(STORE_CONTENT_LIST_LIMIT);
  const now = new Date();
  return rows.map((row) => toStorePopup(row, now));
}

async function lockedPopup(tx: Database, id: string): Promise<PopupRow> {
  if (!isUuid(id)) throw new AppError('popup/not_found');
  const [row] = await tx.select().from(popups).where(eq(popups.id, id)).for('update');
  if (!row) throw new AppError('popup/not_found');
  return row;
}

/** The pictures a popup draft shows: its one, or none. */
const popupPictures = (draft: PopupDraft) => (draft.image === null ? [] : [draft.image]);

export async function createPopup(db: Database, actor: ContentActor, draft: PopupDraft) {
  return db.transaction(async (tx) => {
    await holdContentPictures(tx, actor.pictures, popupPictures(draft), 'content/invalid_image');
    const [row] = await tx.insert(popups).values(popupColumns(draft)).returning();
    if (!row) throw new Error('popup insert returned nothing');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.create_popup',
      subject: { type: 'content', id: row.id },
      before: null,
      after: popupFields(row),
    });
    return toStorePopup(row);
  });
}

export async function updatePopup(db: Database, actor: ContentActor, id: string, draft: PopupDraft) {
  const { popup, released } = await db.transaction(async (tx) => {
    const current = await lockedPopup(tx, id);
    await holdContentPictures(tx, actor.pictures, popupPictures(draft), 'content/invalid_image');
    const [row] = await tx.update(popups).set(popupColumns(draft)).where(eq(popups.id, id)).returning();
    if (!row) throw new AppError('popup/not_found');
    const change = changedFields(popupFields(current), popupFields(row));
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'content.update_popup',
        subject: { type: 'content', id: row.id },
        ...change,
      });
    }
    return { popup: toStorePopup(row), released: letGo([current.image], [row.image]) };
  });
  await deleteUnshownUploads(db, actor.pictures, released);
  return popup;
}

export async function deletePopup(db: Database, actor: ContentActor, id: string): Promise<void> {
  const released = await db.transaction(async (tx) => {
    const current = await lockedPopup(tx, id);
    await tx.delete(popups).where(eq(popups.id, current.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.delete_popup',
      subject: { type: 'content', id: current.id },
      before: popupFields(current),
      after: null,
    });
    return current.image;
  });
  await deleteUnshownUploads(db, actor.pictures, [released]);
}

// Home product groups: rows of hand-picked products on the home page. Same rules and audit as banners;
// a group and its picked products change together in one transaction.

type HomeGroupRow = typeof homeProductGroups.$inferSelect;

function homeGroupFields(row: HomeGroupRow, productIds: string[]) {
  return {
    title: row.title,
    categoryId: row.categoryId,
    productIds,
    position: row.position,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

function homeGroupColumns(draft: HomeGroupDraft) {
  return {
    title: draft.title,
    categoryId: draft.categoryId,
    position: draft.position,
    active: draft.active,
    startsAt: draft.startsAt === null ? null : new Date(draft.startsAt),
    endsAt: draft.endsAt === null ? null : new Date(draft.endsAt),
  };
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
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    status: contentStatus(row, now),
  }));
}

/** Every home group in the home page's order, live or not. */
export async function listStoreHomeGroups(db: Database): Promise<StoreHomeGroup[]> {
  const rows = await db
    .select()
    .from(homeProductGroups)
    .orderBy(asc(homeProductGroups.position), asc(homeProductGroups.id))
    .limit(STORE_CONTENT_LIST_LIMIT);
  return toStoreHomeGroups(db, rows);
}

async function lockedHomeGroup(tx: Database, id: string): Promise<HomeGroupRow> {
  if (!isUuid(id)) throw new AppError('home_group/not_found');
  const [row] = await tx.select().from(homeProductGroups).where(eq(homeProductGroups.id, id)).for('update');
  if (!row) throw new AppError('home_group/not_found');
  return row;
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

export async function createHomeGroup(db: Database, actor: ContentActor, draft: HomeGroupDraft) {
  const id = await db.transaction(async (tx) => {
    await assertHomeGroupRefs(tx, draft);
    const [row] = await tx.insert(homeProductGroups).values(homeGroupColumns(draft)).returning();
    if (!row) throw new Error('home group insert returned nothing');
    await writeHomeGroupItems(tx, row.id, draft.productIds);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.create_home_group',
      subject: { type: 'content', id: row.id },
      before: null,
      after: homeGroupFields(row, draft.productIds),
    });
    return row.id;
  });
  return storeHomeGroup(db, id);
}

export async function updateHomeGroup(db: Database, actor: ContentActor, id: string, draft: HomeGroupDraft) {
  await db.transaction(async (tx) => {
    const current = await lockedHomeGroup(tx, id);
    const currentProductIds = (await groupProductIds(tx, [id])).get(id) ?? [];
    await assertHomeGroupRefs(tx, draft);
    const [row] = await tx
      .update(homeProductGroups)
      .set(homeGroupColumns(draft))
      .where(eq(homeProductGroups.id, id))
      .returning();
    if (!row) throw new AppError('home_group/not_found');
    await writeHomeGroupItems(tx, id, draft.productIds);
    const change = changedFields(
      homeGroupFields(current, currentProductIds),
      homeGroupFields(row, draft.productIds),
    );
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'content.update_home_group',
        subject: { type: 'content', id },
        ...change,
      });
    }
  });
  return storeHomeGroup(db, id);
}

async function storeHomeGroup(db: Database, id: string): Promise<StoreHomeGroup> {
  const rows = await db.select().from(homeProductGroups).where(eq(homeProductGroups.id, id));
  const [group] = await toStoreHomeGroups(db, rows);
  if (!group) throw new AppError('home_group/not_found');
  return group;
}

export async function deleteHomeGroup(db: Database, actor: ContentActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedHomeGroup(tx, id);
    const productIds = (await groupProductIds(tx, [id])).get(id) ?? [];
    await tx.delete(homeProductGroups).where(eq(homeProductGroups.id, current.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.delete_home_group',
      subject: { type: 'content', id: current.id },
      before: homeGroupFields(current, productIds),
      after: null,
    });
  });
}

// Image pages: a page of pictures addressed by a readable id. Same rules and audit as banners; a page
// banners or popups link to is not deleted from under them.

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

/** Every image page by its address, on or off. */
export async function listStoreImagePages(db: Database): Promise<StoreImagePage[]> {
  const rows = await db.select().from(imagePages).orderBy(asc(imagePages.id)).limit(STORE_CONTENT_LIST_LIMIT);
  const counts = await imagePageLinkCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStoreImagePage(row, counts.get(row.id) ?? 0));
}

async function lockedImagePage(tx: Database, id: string): Promise<ImagePageRow> {
  const [row] = IMAGE_PAGE_ID_PATTERN.test(id)
    ? await tx.select().from(imagePages).where(eq(imagePages.id, id)).for('update')
    : [];
  if (!row) throw new AppError('image_page/not_found', [id]);
  return row;
}

const pictureKeys = (pictures: readonly ImagePagePicture[]) => pictures.map((picture) => picture.image);

export async function createImagePage(db: Database, actor: ContentActor, draft: NewImagePage) {
  return db.transaction(async (tx) => {
    await holdContentPictures(tx, actor.pictures, pictureKeys(draft.pictures), 'content/invalid_pictures');
    const [row] = await tx
      .insert(imagePages)
      .values({ id: draft.id, title: draft.title, images: draft.pictures, active: draft.active })
      .onConflictDoNothing({ target: imagePages.id })
      .returning();
    if (!row) throw new AppError('image_page/id_taken', [draft.id]);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.create_image_page',
      subject: { type: 'content', id: row.id },
      before: null,
      after: imagePageFields(row),
    });
    return toStoreImagePage(row, (await imagePageLinkCounts(tx, [row.id])).get(row.id) ?? 0);
  });
}

export async function updateImagePage(db: Database, actor: ContentActor, id: string, draft: ImagePageDraft) {
  const { imagePage, released } = await db.transaction(async (tx) => {
    const current = await lockedImagePage(tx, id);
    await holdContentPictures(tx, actor.pictures, pictureKeys(draft.pictures), 'content/invalid_pictures');
    const [row] = await tx
      .update(imagePages)
      .set({ title: draft.title, images: draft.pictures, active: draft.active })
      .where(eq(imagePages.id, current.id))
      .returning();
    if (!row) throw new AppError('image_page/not_found', [id]);
    const change = changedFields(imagePageFields(current), imagePageFields(row));
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'content.update_image_page',
        subject: { type: 'content', id: row.id },
        ...change,
      });
    }
    return {
      imagePage: toStoreImagePage(row, (await imagePageLinkCounts(tx, [row.id])).get(row.id) ?? 0),
      released: letGo(pictureKeys(current.images), pictureKeys(row.images)),
    };
  });
  await deleteUnshownUploads(db, actor.pictures, released);
  return imagePage;
}

export async function deleteImagePage(db: Database, actor: ContentActor, id: string): Promise<void> {
  const released = await db.transaction(async (tx) => {
    const current = await lockedImagePage(tx, id);
    const [linked] = await tx.select({ count: sql<number>`count(*)::int` }).from(
      tx
        .select({ id: banners.id })
        .from(banners)
        .where(linksToPage(banners.link, current.id))
        .unionAll(tx.select({ id: popups.id }).from(popups).where(linksToPage(popups.link, current.id)))
        .as('linking'),
    );
    if (linked && linked.count > 0) throw new AppError('image_page/linked', [linked.count]);
    await tx.delete(imagePages).where(eq(imagePages.id, current.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'content.delete_image_page',
      subject: { type: 'content', id: current.id },
      before: imagePageFields(current),
      after: null,
    });
    return pictureKeys(current.images);
  });
  await deleteUnshownUploads(db, actor.pictures, released);
}

import { randomUUID } from 'node:crypto';
import { imageUrl, thumbnailPath } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { type ContentPicture, isContentImageKey } from '@crossbuy/core/marketing';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { removePicture, savePicture } from '../../lib/image-store.js';
import { isPictureKey, type PictureStorage } from '../../lib/picture-storage.js';
import { preparePicture } from '../../lib/picture-upload.js';
import { banners, imagePages, popups } from './content.table.js';

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
export async function holdContentPictures(
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
export async function deleteUnshownUploads(
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
export function letGo(
  before: readonly (string | null)[],
  after: readonly (string | null)[],
): (string | null)[] {
  return before.filter((key) => !after.includes(key));
}

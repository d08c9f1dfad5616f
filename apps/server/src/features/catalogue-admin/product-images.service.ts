import { randomUUID } from 'node:crypto';
import { imageUrl, PRODUCT_IMAGES_MAX, type ProductImages, thumbnailPath } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { removePicture, savePicture } from '../../lib/image-store.js';
import type { PictureStorage } from '../../lib/picture-storage.js';
import { preparePicture } from '../../lib/picture-upload.js';
import { recordAudit } from '../audit/audit.service.js';
import { products } from '../catalogue/catalogue.table.js';
import { announceCatalogueChange } from '../catalogue/catalogue-caches.js';

type ImageList = { name: string; keys: string[] };

function keysOf(row: { mainImage: string | null; gallery: string[] }): string[] {
  return [...new Set([row.mainImage, ...row.gallery].filter((key): key is string => key !== null))];
}

function describe(productId: string, list: ImageList): ProductImages {
  return {
    productId,
    productName: list.name,
    images: list.keys.map((key) => ({ key, url: imageUrl(key), thumbnailUrl: imageUrl(thumbnailPath(key)) })),
  };
}

async function readImages(db: Database, productId: string, lock: boolean): Promise<ImageList> {
  if (!isUuid(productId)) throw new AppError('product/not_found', [productId]);
  const query = db
    .select({ name: products.name, mainImage: products.mainImage, gallery: products.gallery })
    .from(products)
    .where(eq(products.id, productId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('product/not_found', [productId]);
  return { name: row.name, keys: keysOf(row) };
}

/** The product's pictures in order; the first is its main picture. */
export async function listProductImages(db: Database, productId: string): Promise<ProductImages> {
  return describe(productId, await readImages(db, productId, false));
}

/**
 * Writes the new order under the product's row lock, with the audit entry and the announcement that
 * makes every process forget the product as it was.
 */
async function changeImages(
  db: Database,
  actorUserId: string,
  productId: string,
  action: 'product.add_image' | 'product.order_images' | 'product.remove_image',
  next: (keys: string[]) => string[],
): Promise<ProductImages> {
  return db.transaction(async (tx) => {
    const list = await readImages(tx, productId, true);
    const keys = next(list.keys);
    await tx
      .update(products)
      .set({ mainImage: keys[0] ?? null, gallery: keys.slice(1), updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    await recordAudit(tx, {
      actorUserId,
      action,
      subject: { type: 'product', id: productId },
      before: { images: list.keys },
      after: { images: keys },
    });
    await announceCatalogueChange(tx, productId);
    return describe(productId, { name: list.name, keys });
  });
}

/** Pictures uploaded for a product live in its own folder; only those are ever deleted from disk. */
function uploadFolder(productId: string): string {
  return `products/${productId}/`;
}

/** Stores an uploaded picture as the product's last, refused past PRODUCT_IMAGES_MAX. */
export async function addProductImage(
  db: Database,
  pictures: PictureStorage,
  actorUserId: string,
  productId: string,
  bytes: Buffer,
): Promise<ProductImages> {
  // Unknown products and full galleries are refused before any decoding work; the lock below decides.
  const current = await readImages(db, productId, false);
  if (current.keys.length >= PRODUCT_IMAGES_MAX) throw new AppError('image/too_many', [PRODUCT_IMAGES_MAX]);
  const key = `${uploadFolder(productId.toLowerCase())}${randomUUID()}.webp`;
  await savePicture(pictures, key, await preparePicture(bytes));
  try {
    return await changeImages(db, actorUserId, productId, 'product.add_image', (keys) => {
      if (keys.length >= PRODUCT_IMAGES_MAX) throw new AppError('image/too_many', [PRODUCT_IMAGES_MAX]);
      return [...keys, key];
    });
  } catch (error) {
    await removePicture(pictures, key);
    throw error;
  }
}

/** Puts the product's pictures in the order of `keys`, which must name each of them once. */
export function orderProductImages(
  db: Database,
  actorUserId: string,
  productId: string,
  order: readonly string[],
): Promise<ProductImages> {
  return changeImages(db, actorUserId, productId, 'product.order_images', (keys) => {
    const same =
      order.length === keys.length &&
      new Set(order).size === order.length &&
      order.every((key) => keys.includes(key));
    if (!same) throw new AppError('image/stale_order');
    return [...order];
  });
}

/**
 * Takes a picture off the product; the next becomes the main one. Its files are deleted after the change
 * commits, and only when they were uploaded for this product: demo pictures may be shared by others.
 */
export async function removeProductImage(
  db: Database,
  pictures: PictureStorage,
  actorUserId: string,
  productId: string,
  key: string,
): Promise<ProductImages> {
  const images = await changeImages(db, actorUserId, productId, 'product.remove_image', (keys) => {
    if (!keys.includes(key)) throw new AppError('image/not_found', [key]);
    return keys.filter((other) => other !== key);
  });
  if (key.startsWith(uploadFolder(productId.toLowerCase()))) await removePicture(pictures, key);
  return images;
}

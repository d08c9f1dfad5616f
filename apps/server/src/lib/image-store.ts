import path from 'node:path';
import { thumbnailPath } from '@crossbuy/core/catalogue';
import { contentTypeOf, type PictureStorage } from './picture-storage.js';

/** Where pictures are kept on the local disk: the `images` folder of the data directory. */
export function imagesDirectory(dataDir: string): string {
  return path.join(dataDir, 'images');
}

/** A picture's bytes and its thumbnail's, as they are written: SVG text or encoded raster bytes. */
export type StoredPicture = { picture: string | Uint8Array; thumbnail: string | Uint8Array };

/**
 * Writes a picture under `key` ('products/<id>.webp') and its thumbnail beside it, named by the thumbnail
 * rule the web app also uses. Returns the key to store.
 */
export async function savePicture(
  pictures: PictureStorage,
  key: string,
  stored: StoredPicture,
): Promise<string> {
  const thumbnailKey = thumbnailPath(key);
  await Promise.all([
    pictures.put(key, stored.picture, contentTypeOf(key)),
    pictures.put(thumbnailKey, stored.thumbnail, contentTypeOf(thumbnailKey)),
  ]);
  return key;
}

/** Removes a picture and its thumbnail; one already gone is not an error. */
export async function removePicture(pictures: PictureStorage, key: string): Promise<void> {
  await Promise.all([pictures.delete(key), pictures.delete(thumbnailPath(key))]);
}

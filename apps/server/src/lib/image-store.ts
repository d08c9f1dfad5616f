import path from 'node:path';
import { thumbnailPath } from '@crossbuy/core/catalogue';
import sharp from 'sharp';
import { contentTypeOf, type PictureStorage } from './picture-storage.js';
import type { Art } from './svg-art.js';

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

/** Writes a drawn picture (demo data) and its thumbnail. */
export function saveArt(pictures: PictureStorage, key: string, art: Art): Promise<string> {
  return savePicture(pictures, key, { picture: art.svg, thumbnail: art.thumbnail });
}

/** The widths, in pixels, a drawn picture and its thumbnail are stored at as WebP. */
export type RasterWidths = { picture: number; thumbnail: number };

/**
 * Writes a drawn picture (demo data) and its thumbnail as WebP, as uploaded photos are stored. A browser
 * lays out and paints every SVG picture as a document of its own, on the page's main thread; a page
 * showing a dozen of them feels it, and a WebP is decoded off that thread (decision 0054).
 */
export async function saveArtAsWebp(
  pictures: PictureStorage,
  key: string,
  art: Art,
  widths: RasterWidths,
): Promise<string> {
  const [picture, thumbnail] = await Promise.all([
    webpOf(art.svg, art.drawnWidths.svg, widths.picture),
    webpOf(art.thumbnail, art.drawnWidths.thumbnail, widths.thumbnail),
  ]);
  return savePicture(pictures, key, { picture, thumbnail });
}

function webpOf(svg: string, drawnWidth: number, width: number): Promise<Buffer> {
  // Drawn at the density that makes it `width` pixels wide, rather than drawn small and scaled up.
  return sharp(Buffer.from(svg), { density: (72 * width) / drawnWidth })
    .resize({ width })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

/** Removes a picture and its thumbnail; one already gone is not an error. */
export async function removePicture(pictures: PictureStorage, key: string): Promise<void> {
  await Promise.all([pictures.delete(key), pictures.delete(thumbnailPath(key))]);
}

import { savePicture } from '@crossbuy/server/lib/image-store.js';
import type { PictureStorage } from '@crossbuy/server/lib/picture-storage.js';
import sharp from 'sharp';
import type { Art } from './svg-art.js';

/** Writes a drawn picture and its thumbnail. */
export function saveArt(pictures: PictureStorage, key: string, art: Art): Promise<string> {
  return savePicture(pictures, key, { picture: art.svg, thumbnail: art.thumbnail });
}

/** The widths, in pixels, a drawn picture and its thumbnail are stored at as WebP. */
export type RasterWidths = { picture: number; thumbnail: number };

/**
 * Writes a drawn picture and its thumbnail as WebP, as uploaded photos are stored. A browser lays out and
 * paints every SVG picture as a document of its own, on the page's main thread; a page showing a dozen of
 * them feels it, and a WebP is decoded off that thread (decision 0054).
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

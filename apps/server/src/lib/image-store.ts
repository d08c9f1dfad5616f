import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { thumbnailPath } from '@crossbuy/core/catalogue';
import type { Art } from './svg-art.js';

/** Where GET /images/* serves from: the `images` folder of the data directory. */
export function imagesDirectory(dataDir: string): string {
  return path.join(dataDir, 'images');
}

/**
 * Writes a picture under `key` ('products/<id>.svg') and its thumbnail beside it, named by the thumbnail
 * rule the web app also uses. Returns the key to store.
 */
export async function saveArt(imagesDir: string, key: string, art: Art): Promise<string> {
  const file = path.join(imagesDir, key);
  if (!file.startsWith(imagesDir + path.sep)) throw new Error(`Image key escapes the images folder: ${key}`);
  await mkdir(path.dirname(file), { recursive: true });
  await Promise.all([
    writeFile(file, art.svg),
    writeFile(path.join(imagesDir, thumbnailPath(key)), art.thumbnail),
  ]);
  return key;
}

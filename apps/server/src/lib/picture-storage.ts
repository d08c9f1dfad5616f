import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the store keeps its pictures (uploads, copies of pictures from abroad, the demo store's art),
 * behind one interface (docs/decisions/0079): the local disk for one machine, or an S3-compatible
 * bucket that any number of processes on any number of machines share. Keys are relative paths such as
 * `products/<id>/<name>.webp`; the web app shows each at `/images/<key>`.
 */
export interface PictureStorage {
  readonly kind: 'disk' | 's3';
  /** The folder that holds the pictures as files, when they are (served from it as static files). */
  readonly directory?: string;
  /** Writes `body` under `key`, replacing what was there. */
  put(key: string, body: string | Uint8Array, contentType: string): Promise<void>;
  /** The picture under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the picture under `key`; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (a folder, ending in `/`), nested ones too, in no particular order. */
  list(prefix: string): Promise<string[]>;
}

export type StoredObject = { body: Buffer; contentType: string };

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Whether `key` is a plain relative path of plain names, as every stored picture's is. */
export function isPictureKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

/**
 * Refuses a key that is not a plain relative path of plain names: one that could climb out of the folder
 * or the bucket (`..`), start at the root, or carry characters a URL or a file system reads differently.
 * Keys are made by the store, never taken from a request, so a bad one is a bug.
 */
export function checkedKey(key: string): string {
  if (!isPictureKey(key)) {
    throw new Error(`Not a picture key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A folder prefix for `list`: a key of its own followed by `/`. */
export function checkedPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`Not a picture folder: ${JSON.stringify(prefix)}`);
  checkedKey(prefix.slice(0, -1));
  return prefix;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The content type a picture's name says. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Pictures as files in `directory` (the data directory's `images` folder). */
export function diskPictureStorage(directory: string): PictureStorage & { directory: string } {
  const root = path.resolve(directory);
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    kind: 'disk',
    directory: root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const body = await readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
        throw error;
      });
      return body && { body, contentType: contentTypeOf(key) };
    },
    async exists(key) {
      const found = await stat(fileOf(key)).catch(() => undefined);
      return found?.isFile() ?? false;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const folder = path.join(root, checkedPrefix(prefix));
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    },
  };
}

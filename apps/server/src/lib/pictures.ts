import type { AppConfig } from '../config.js';
import { diskPictureStorage, type PictureStorage } from './picture-storage.js';
import { s3PictureStorage } from './s3-picture-storage.js';

/** The picture storage the configuration names: the local disk unless an S3-compatible bucket is set. */
export function pictureStorageFor(config: Pick<AppConfig, 'pictures'>): PictureStorage {
  const where = config.pictures;
  if (where.kind === 'disk') return diskPictureStorage(where.directory);
  return s3PictureStorage(where);
}

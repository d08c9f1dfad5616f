import { imageUrl, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyBaseLogger } from 'fastify';
import { OutboundFetchError, type OutboundFetcher } from '../../lib/guarded-fetch.js';
import { savePicture } from '../../lib/image-store.js';
import type { PictureStorage } from '../../lib/picture-storage.js';
import { preparePicture } from '../../lib/picture-upload.js';

// A picture on another site is copied into the store once, when the store reads the link, and shown from
// the store's own origin from then on (docs/decisions/0073): the seller's site never sees the shopper, a
// picture taken down stays shown, and an http: picture is not refused by the page's policy.

const PICTURE_TYPES: ReadonlySet<string> = new Set(PRODUCT_IMAGE_TYPES);

export type PictureCopying = { fetcher: OutboundFetcher; pictures: PictureStorage; log: FastifyBaseLogger };

/** Where the copy of an external product's picture is kept. */
export function externalProductPictureKey(externalProductId: string): string {
  return `external/${externalProductId.toLowerCase()}.webp`;
}

/** Where the copy of a picture a shopper gave with a quotation request is kept. */
export function quotationPictureKey(quotationItemId: string): string {
  return `quotations/${quotationItemId.toLowerCase()}.webp`;
}

/**
 * Fetches the picture at `link` through the outbound guard, with the type and size limits of an upload,
 * re-encodes it as an upload is re-encoded and stores it under `key`. Answers the stored key, or null when
 * the picture could not be fetched or is not a picture we take: the item is then shown with the store's
 * placeholder, and nothing else fails. A failure of our own (the disk) is thrown.
 */
export async function copyExternalPicture(
  { fetcher, pictures, log }: PictureCopying,
  link: string,
  key: string,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const fetched = await fetcher.fetchPicture(link, {
      types: PICTURE_TYPES,
      maxBytes: PRODUCT_IMAGE_MAX_BYTES,
      signal,
    });
    return await savePicture(pictures, key, await preparePicture(fetched.body));
  } catch (error) {
    if (error instanceof OutboundFetchError || error instanceof AppError) {
      log.info(
        { reason: error instanceof AppError ? error.code : error.message, key },
        'external picture not copied',
      );
      return null;
    }
    throw error;
  }
}

/** The address a stored picture key is shown at, or null for none. */
export function storedPictureUrl(key: string | null): string | null {
  return key ? imageUrl(key) : null;
}

import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_PIXELS,
  PRODUCT_IMAGE_TYPES,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

// The one way an uploaded picture enters the store, whatever shows it (a product, a merchant's logo, a
// banner, a popup): sent as the raw request body, checked by its own bytes, re-encoded without metadata.

/**
 * Lets the routes of `app` (a plugin's own scope) take a picture as their raw body, typed image/jpeg,
 * image/png or image/webp, up to PRODUCT_IMAGE_MAX_BYTES; the handler checks the bytes themselves.
 */
export function acceptPictureBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    [...PRODUCT_IMAGE_TYPES],
    { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** The picture a route was sent, or 415 when the body was of another type (JSON, a form). */
export function pictureBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new AppError('general/unsupported_media_type');
  return body;
}

/** The largest side of a stored picture: twice the product page's 600 px gallery, for sharp screens. */
export const PICTURE_MAX_SIDE = 1200;
/** The thumbnail's side: product cards draw it at up to 320 px, so 1.5 times that. */
export const THUMBNAIL_SIDE = 480;

// What each accepted type starts with; the name and the declared type of an upload prove nothing.
const SIGNATURES: { format: 'jpeg' | 'png' | 'webp'; matches(bytes: Buffer): boolean }[] = [
  { format: 'jpeg', matches: (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    format: 'png',
    matches: (bytes) =>
      bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: 'webp',
    matches: (bytes) =>
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The format the bytes are in, by their signature; undefined when they are none of the accepted ones. */
export function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.format;
}

const MEGAPIXELS = String(PRODUCT_IMAGE_MAX_PIXELS / 1_000_000);

/**
 * Checks an upload by its own bytes and draws what is stored: the picture within PICTURE_MAX_SIDE and a
 * square thumbnail, both WebP. Re-encoding keeps no metadata (a phone's EXIF holds where it was taken)
 * and turns the picture upright first, as the EXIF orientation said. The pixel count is read from the
 * header before anything is decoded, and sharp refuses to decode past it too, so a small file that would
 * unpack to gigabytes (a decompression bomb) costs nothing.
 */
export async function preparePicture(bytes: Buffer): Promise<{ picture: Buffer; thumbnail: Buffer }> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError('image/unsupported_type');
  const open = () => sharp(bytes, { limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  try {
    const { width, height, format: decoded } = await sharp(bytes).metadata();
    if (decoded !== format) throw new AppError('image/unsupported_type');
    if (!width || !height) throw new AppError('image/unsupported_type');
    if (width * height > PRODUCT_IMAGE_MAX_PIXELS) throw new AppError('image/too_many_pixels', [MEGAPIXELS]);
    const [picture, thumbnail] = await Promise.all([
      open()
        .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      open().resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { picture, thumbnail };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('image/too_many_pixels', [MEGAPIXELS]);
    }
    // The signature matched but the file does not decode: truncated or forged.
    throw new AppError('image/unsupported_type', [], undefined, { cause: error });
  }
}

import { z } from 'zod';

// A product's pictures as the back office manages them: the first is the product's main picture.

/** The types a picture may be uploaded as; each is checked against the file's own bytes. */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Pixels a picture may hold (24 megapixels: a 6000 x 4000 camera); a small file may unpack to far more. */
export const PRODUCT_IMAGE_MAX_PIXELS = 24_000_000;
export const PRODUCT_IMAGES_MAX = 12;

export const productImageSchema = z.object({
  /** The stored image key, which names the picture in the calls that order or delete it. */
  key: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productImagesSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  images: z.array(productImageSchema),
});
export type ProductImages = z.infer<typeof productImagesSchema>;

/** The product whose pictures a call is about. */
export const productImageParamsSchema = z.object({ id: z.string().max(200) });

const imageKeySchema = z.string().min(1).max(300);

/** Every key of the product's pictures, once each, in their new order. */
export const productImageOrderSchema = z.object({
  keys: z.array(imageKeySchema).min(1).max(PRODUCT_IMAGES_MAX),
});

export const productImageKeyQuerySchema = z.object({ key: imageKeySchema });

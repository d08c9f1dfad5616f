import { z } from 'zod';
import { fails } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { normaliseExternalLink } from './links.js';

// Products on other sites, looked up by link (searchExternal, checkPending, opengraph: docs/rules/quotations.md, docs/rules/content.md).

export const EXTERNAL_LINK_MAX_LENGTH = 2048;

export const externalLinkSchema = z
  .string(fails('external/invalid_link'))
  .trim()
  .min(1, 'external/invalid_link')
  .max(EXTERNAL_LINK_MAX_LENGTH, 'external/invalid_link')
  .refine((text) => normaliseExternalLink(text) !== null, 'external/invalid_link');

export const EXTERNAL_PRODUCT_STATUSES = ['pending', 'done', 'failed'] as const;
export type ExternalProductStatus = (typeof EXTERNAL_PRODUCT_STATUSES)[number];

export const externalProductSchema = z.object({
  id: z.string(),
  /** The link as the store keeps it (normalised). */
  url: z.string(),
  host: z.string(),
  /** 'Amazon', 'Rakuten', ... when the host is a marketplace the store knows; else null. */
  marketplace: z.string().nullable(),
  status: z.enum(EXTERNAL_PRODUCT_STATUSES),
  /** Why reading the page failed, for the shopper; null unless failed. */
  failureReason: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  /**
   * The store's copy of the first of `images`, on the store's own origin ('/images/external/...'); null
   * while pending, and when the page had no picture or it could not be copied.
   */
  picture: z.string().nullable(),
  /** The price the page shows, when one could be read; the store's quote is what the shopper pays. */
  price: moneySchema.nullable(),
  fetchedAt: z.iso.datetime().nullable(),
});
export type ExternalProduct = z.infer<typeof externalProductSchema>;

/** POST /product/searchExternal and GET /product/checkPending answer where the lookup stands. */
export const externalLookupSchema = z.object({
  status: z.enum(EXTERNAL_PRODUCT_STATUSES),
  /** The product as read so far: always present; its fields fill in once done. */
  product: externalProductSchema,
});
export type ExternalLookup = z.infer<typeof externalLookupSchema>;

export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

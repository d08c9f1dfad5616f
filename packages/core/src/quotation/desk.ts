import { z } from 'zod';
import { currencyCodeSchema, moneySchema } from '../validation/wire.js';
import type { QUOTATION_STATUS } from './rules.js';
import { quotationItemSchema, quoteTermsSchema } from './schemas.js';

// The store's quotation desk (back office): the queue of items to answer, and the answered ones.

/** What the desk lists: the queue of pending items, or the answered ones to look back on. */
export const QUOTATION_DESK_STATUSES = [
  'pending',
  'resolved',
  'declined',
] as const satisfies readonly (keyof typeof QUOTATION_STATUS)[];
export type QuotationDeskStatus = (typeof QUOTATION_DESK_STATUSES)[number];

export const quotationDeskItemSchema = quotationItemSchema.extend({
  /** Who asked. */
  shopper: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  /** What the store read from the product's page, if it did: a starting point for the base price. */
  extracted: z
    .object({
      price: moneySchema.nullable(),
      images: z.array(z.string()),
      description: z.string().nullable(),
    })
    .nullable(),
});
export type QuotationDeskItem = z.infer<typeof quotationDeskItemSchema>;

export const quotationDeskPageSchema = z.object({
  items: z.array(quotationDeskItemSchema),
  /** How many items have the status asked for, on every page. */
  total: z.int(),
  /** Give it as `after` for the page that follows; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type QuotationDeskPage = z.infer<typeof quotationDeskPageSchema>;

/**
 * The price of one unit per price kind (region country code) for a base price, until when it would hold,
 * and the terms it would be made from, so the desk shows the breakdown each shopper would read.
 */
export const quotePreviewSchema = z.object({
  quotedPrice: z.record(z.string(), moneySchema),
  expiresAt: z.iso.datetime(),
  quoteTerms: quoteTermsSchema,
});
export type QuotePreview = z.infer<typeof quotePreviewSchema>;

/** The currencies a base price may be given in: those the store keeps a rate for. */
export const quoteCurrenciesSchema = z.object({ currencies: z.array(currencyCodeSchema) });

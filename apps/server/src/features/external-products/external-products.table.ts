import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits, randomId, timestampTz, updatedAt } from '../../db/columns.js';

/**
 * A product page on another site, looked up by link: pending while a background job fetches and reads
 * it, then done (with what was read) or failed (with why). One row per normalised link, so a link many
 * shoppers paste is fetched once.
 */
export const externalProducts = pgTable(
  'external_products',
  {
    id: randomId(),
    /** The link as normalised for lookup (scheme and host lower-cased, fragment dropped). */
    url: text('url').notNull(),
    host: text('host').notNull(),
    /** The marketplace recognised from the host ('Amazon', 'Rakuten', ...), or null. */
    marketplace: text('marketplace'),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    /** Why the lookup failed, in words fit for the shopper; never a stack or an internal address. */
    failureReason: text('failure_reason'),
    name: text('name'),
    description: text('description'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The store's copy of the first of `images` (an image key, 'external/<id>.webp'), fetched once when
     * the page was read; null when there was none or it could not be copied (docs/decisions/0073).
     */
    picture: text('picture'),
    /** The price the page shows, in minor units of `price_currency`, when it shows one we can read. */
    priceMinor: minorUnits('price_minor'),
    priceCurrency: text('price_currency'),
    fetchedAt: timestampTz('fetched_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('external_products_url_unique').on(table.url),
    check('external_products_status', sql`${table.status} in ('pending', 'done', 'failed')`),
    check(
      'external_products_price_non_negative',
      sql`${table.priceMinor} IS NULL OR ${table.priceMinor} >= 0`,
    ),
  ],
);

/** Link previews (POST /opengraph), kept a while so a link pasted again is not fetched again. */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  title: text('title'),
  description: text('description'),
  image: text('image'),
  siteName: text('site_name'),
  fetchedAt: timestampTz('fetched_at').notNull().defaultNow(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export type ExternalProductRow = typeof externalProducts.$inferSelect;

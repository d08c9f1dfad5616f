import type { ProductSort } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { z } from 'zod';
import { isUuid } from '../../lib/ids.js';

/**
 * Where a listing page ends, in the listing's order, so the next page starts right after it whatever the
 * depth (keyset paging). `createdMicros` is `created_at` in microseconds since the epoch, as a decimal
 * string: PostgreSQL keeps microseconds, which a JavaScript Date would round away. `priceKey` names the
 * prices a price order compared ('base', or the region and currency), since a cursor is only meaningful
 * against the same prices.
 */
export type ListingPosition =
  | { sort: 'newest'; createdMicros: string; id: string }
  | { sort: 'relevance'; inName: boolean; createdMicros: string; id: string }
  | { sort: 'price_asc' | 'price_desc'; priceKey: string; price: string; id: string };

/** A position and the number of the page that starts after it. */
export type ListingCursor = ListingPosition & { page: number };

const CURSOR_VERSION = 1;
// Far beyond any catalogue's pages, yet small enough that page arithmetic never loses precision.
const MAX_CURSOR_PAGE = 10_000_000;

// A cursor comes back from the client and could be forged: its time must be one PostgreSQL holds (years 0001
// to 9999, as every instant a client sends) and a base price one a price column and a number both hold.
const EARLIEST_MICROS = BigInt(Date.parse('0001-01-01T00:00:00Z')) * 1000n;
const LATEST_MICROS = BigInt(Date.parse('9999-12-31T23:59:59.999Z')) * 1000n + 999n;
const MAX_BASE_PRICE = Number.MAX_SAFE_INTEGER;
const micros = z
  .string()
  .regex(/^-?\d{1,18}$/)
  .refine((text) => BigInt(text) >= EARLIEST_MICROS && BigInt(text) <= LATEST_MICROS);
const id = z.string().refine(isUuid);
const page = z.int().min(2).max(MAX_CURSOR_PAGE);

// Short keys: the cursor travels in every "next page" link.
const wireCursor = z.union([
  z.object({ v: z.literal(CURSOR_VERSION), s: z.literal('newest'), n: page, t: micros, i: id }).strict(),
  z
    .object({
      v: z.literal(CURSOR_VERSION),
      s: z.literal('relevance'),
      n: page,
      a: z.boolean(),
      t: micros,
      i: id,
    })
    .strict(),
  z
    .object({
      v: z.literal(CURSOR_VERSION),
      s: z.enum(['price_asc', 'price_desc']),
      n: page,
      k: z.string().max(20),
      p: z.string().regex(/^\d{1,18}$/),
      i: id,
    })
    .strict()
    .refine((cursor) => cursor.k !== 'base' || Number(cursor.p) <= MAX_BASE_PRICE),
]);

export function encodeListingCursor(cursor: ListingCursor): string {
  const common = { v: CURSOR_VERSION, s: cursor.sort, n: cursor.page, i: cursor.id };
  const wire =
    cursor.sort === 'newest'
      ? { ...common, t: cursor.createdMicros }
      : cursor.sort === 'relevance'
        ? { ...common, a: cursor.inName, t: cursor.createdMicros }
        : { ...common, k: cursor.priceKey, p: cursor.price };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

/** The cursor a client sent back; product/invalid_cursor when it is not one this server made. */
export function decodeListingCursor(text: string): ListingCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('product/invalid_cursor');
  }
  const result = wireCursor.safeParse(parsed);
  if (!result.success) throw new AppError('product/invalid_cursor');
  const wire = result.data;
  const common = { page: wire.n, id: wire.i.toLowerCase() };
  if (wire.s === 'newest') return { ...common, sort: wire.s, createdMicros: wire.t };
  if (wire.s === 'relevance') return { ...common, sort: wire.s, inName: wire.a, createdMicros: wire.t };
  return { ...common, sort: wire.s, priceKey: wire.k, price: wire.p };
}

/** Whether a cursor was made for a listing in this order over these prices. */
export function cursorFits(cursor: ListingCursor, sort: ProductSort, priceKey: string): boolean {
  if (cursor.sort !== sort) return false;
  return cursor.sort === 'price_asc' || cursor.sort === 'price_desc' ? cursor.priceKey === priceKey : true;
}

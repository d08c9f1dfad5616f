import { z } from 'zod';
import { CURRENCIES } from '../money/index.js';

// Schemas of the API's shared wire shapes. They live here, not beside the rules in errors/ and money/,
// so that pages which only format money or show errors never load the validation library.

/** The answer of a call whose only news is that it worked. */
export const okSchema = z.object({ ok: z.literal(true) });
export const OK = { ok: true } as const;

export const currencyCodeSchema = z.enum(CURRENCIES);

/**
 * An id in a call's path, as most calls take it: any text up to 200 characters. A malformed one names
 * nothing, so the service answers "not found" rather than a validation error.
 */
export const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** Money on the wire: integer minor units and a supported currency. */
export const moneySchema = z.object({ amountMinor: z.int(), currency: currencyCodeSchema });

/** `?page=&limit=` of a list the server pages: pages count from 1, and a page holds at most `maxLimit` rows. */
export function pageQueryFields(maxLimit: number, defaultLimit: number) {
  return {
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

/** One page of a list: its rows under their own name, then the page's number, its size and the list's length. */
export function pageSchema<Rows extends z.ZodRawShape>(rows: Rows) {
  return z.object({ ...rows, page: z.int(), limit: z.int(), total: z.int() });
}

/** The error envelope every failed API call answers with. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    params: z.array(z.string()),
    message: z.string(),
  }),
});

// The instants both PostgreSQL and JavaScript hold: PostgreSQL has no year 0 and refuses a zone offset
// beyond 15:59, and a JavaScript Date stops at year 275760. Real zones lie within ±14:00.
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const MAX_OFFSET_MINUTES = 14 * 60;
const INSTANT_PARTS = /\.(\d+)|([+-])(\d{2}):(\d{2})$/g;

function isStorableInstant(text: string): boolean {
  for (const [, fraction, , hours, minutes] of text.matchAll(INSTANT_PARTS)) {
    // PostgreSQL keeps microseconds; a few more digits are rounded, a page of them is only a burden.
    if (fraction !== undefined && fraction.length > 9) return false;
    if (hours !== undefined && Number(hours) * 60 + Number(minutes) > MAX_OFFSET_MINUTES) return false;
  }
  const time = Date.parse(text);
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
}

/**
 * A moment sent by a client: ISO 8601 with `Z` or a zone offset, in years 0001 to 9999 once taken to
 * UTC. The text is kept as sent, so PostgreSQL reads its microseconds, which a Date would drop.
 */
export const instantSchema = z.iso.datetime({ offset: true }).refine(isStorableInstant);

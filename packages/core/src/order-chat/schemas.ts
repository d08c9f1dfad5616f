import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../order/rules.js';
import { requiredText } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';

// The order chat and the order's one timeline (docs/rules/orders.md: GET/POST /order/{id}/messages,
// POST /order/{id}/update_chat_status). Messages are plain text: they are stored and shown as text, never
// as HTML.

export const ORDER_MESSAGE_MAX_LENGTH = 2000;
export const TIMELINE_PAGE_MAX_LIMIT = 200;

/** POST /order/{id}/messages: the text is trimmed; 1 to 2000 characters remain. */
export const orderMessageRequestSchema = z.object({
  message: requiredText('order/invalid_message', ORDER_MESSAGE_MAX_LENGTH),
});

/**
 * A timeline position: the time of an entry with its microseconds, then its id, as
 * `2026-11-21T08:30:00.123456Z_<uuid>`. Entries of both tables sort by the pair, so one cursor walks both.
 */
export const TIMELINE_CURSOR =
  /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})$/;

export type TimelineCursor = { at: string; id: string };

/** Reads a cursor the server gave out; undefined for any other text. */
export function parseTimelineCursor(text: string): TimelineCursor | undefined {
  const [, at, id] = TIMELINE_CURSOR.exec(text) ?? [];
  if (!at || !id || Number.isNaN(Date.parse(at))) return undefined;
  return { at, id };
}

export const timelineCursorSchema = z
  .string()
  .max(100)
  .transform((text, context) => {
    const cursor = parseTimelineCursor(text);
    if (!cursor) {
      context.addIssue({ code: 'custom', message: 'general/argument_error' });
      return z.NEVER;
    }
    return cursor;
  });

export const timelineQuerySchema = z.object({
  /** The `cursor` of the last entry the caller has: only later entries come back. */
  after: timelineCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX_LIMIT).default(100),
});

const entryBase = { id: z.string(), at: z.string(), cursor: z.string() };
const actorSchema = z.enum(['shopper', 'store', 'system', 'provider']);
const orderStatusSchema = z.enum(ORDER_STATUSES);

export const statusEntrySchema = z.object({
  ...entryBase,
  kind: z.literal('status'),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema.nullable(),
  actor: actorSchema,
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const paymentEntrySchema = statusEntrySchema.extend({ kind: z.literal('payment') });

export const messageEntrySchema = z.object({
  ...entryBase,
  kind: z.literal('message'),
  fromStore: z.boolean(),
  body: z.string(),
});

export const timelineEntrySchema = z.discriminatedUnion('kind', [
  statusEntrySchema,
  paymentEntrySchema,
  messageEntrySchema,
]);

export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export type MessageEntry = z.infer<typeof messageEntrySchema>;

/** The order as the timeline's header shows it. */
export const timelineOrderSchema = z.object({
  id: z.string(),
  orderRef: z.string(),
  status: orderStatusSchema,
  placedAt: z.string(),
  total: moneySchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
});

export const timelinePageSchema = z.object({
  order: timelineOrderSchema,
  entries: z.array(timelineEntrySchema),
  /** Set when more entries follow: pass it as `after` for the next page. */
  nextCursor: z.string().nullable(),
  /** Messages from the other side written after this side last read the chat. */
  unreadCount: z.int(),
});

export const messagePageSchema = z.object({
  messages: z.array(messageEntrySchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.int(),
});

export const chatStatusSchema = z.object({ readAt: z.string(), unreadCount: z.int() });

export type TimelinePage = z.infer<typeof timelinePageSchema>;
export type MessagePage = z.infer<typeof messagePageSchema>;
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/** The store's view adds who placed the order. */
export const storeTimelinePageSchema = timelinePageSchema.extend({
  shopper: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type StoreTimelinePage = z.infer<typeof storeTimelinePageSchema>;

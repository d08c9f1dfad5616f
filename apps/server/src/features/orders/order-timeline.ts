import { AppError } from '@crossbuy/core/errors';
import type { CurrencyCode } from '@crossbuy/core/money';
import type { OrderStatus, PaymentMethod } from '@crossbuy/core/order';
import type { ChatStatus, MessageEntry, TimelineCursor, TimelineEntry } from '@crossbuy/core/order-chat';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { microsecondText } from '../../db/time-cursor.js';
import { isUuid } from '../../lib/ids.js';
import { liveNotification, publishLive } from '../../plugins/live-bus.js';
import { notifyUser } from '../notifications/notifications.service.js';

/** Which side of the chat is looking: the shopper who placed the order, or the store's operators. */
export type OrderViewer = { side: 'shopper'; userId: string } | { side: 'store' };
export type ChatSide = OrderViewer['side'];

/** The live topic of one order: its status changes, payment events and chat messages. */
export const orderTopic = (orderId: string) => `order:${orderId}`;

/**
 * Tells every server process that the order's timeline has something new. Call it with the transaction
 * that wrote the change: the notification then goes out when that commits, and never if it rolls back.
 */
export function announceOrderChange(via: Database, orderId: string): Promise<void> {
  return publishLive(via, orderTopic(orderId), { orderId });
}

/** The announcement of announceOrderChange, for a statement that also writes the change. */
export function orderChangeNotification(orderId: string): SQL {
  return liveNotification(orderTopic(orderId), { orderId });
}

export type TimelineOrder = {
  id: string;
  orderRef: string;
  status: OrderStatus;
  placedAt: string;
  total: { amountMinor: number; currency: CurrencyCode };
  paymentMethod: PaymentMethod;
  userId: string;
};

type OrderRow = {
  id: string;
  order_ref: string;
  status: OrderStatus;
  placed_at: string;
  total_minor: number;
  currency: CurrencyCode;
  payment_method: PaymentMethod;
  user_id: string;
};

/** The order if `viewer` may see it; another shopper's order, or an id of any other shape, is not found. */
export async function findViewableOrder(
  db: Database,
  orderId: string,
  viewer: OrderViewer,
  options: { lock?: boolean } = {},
): Promise<TimelineOrder> {
  const owned = viewer.side === 'shopper' ? sql`AND user_id = ${viewer.userId}` : sql``;
  const lock = options.lock ? sql`FOR NO KEY UPDATE` : sql``;
  const [row] = isUuid(orderId)
    ? await queryRows<OrderRow>(
        db,
        sql`SELECT id, order_ref, status, ${microsecondText(sql`placed_at`)} AS placed_at, total_minor,
                   currency, payment_method, user_id
              FROM orders WHERE id = ${orderId} ${owned} ${lock}`,
      )
    : [];
  if (!row) throw new AppError('order/not_found', [orderId]);
  return {
    id: row.id,
    orderRef: row.order_ref,
    status: row.status,
    placedAt: row.placed_at,
    total: { amountMinor: row.total_minor, currency: row.currency },
    paymentMethod: row.payment_method,
    userId: row.user_id,
  };
}

export type TimelineRead = {
  after?: TimelineCursor | undefined;
  limit: number;
  /** Chat messages alone (GET /order/{id}/messages) rather than the whole timeline. */
  messagesOnly?: boolean;
  /**
   * Reads this much before `after` too. A live stream uses it: an entry's time is taken when it is written,
   * and a transaction that wrote earlier may commit after one that wrote later was already sent.
   */
  overlapSeconds?: number;
};

type EntryRow = {
  id: string;
  kind: TimelineEntry['kind'];
  at: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  actor: 'shopper' | 'store' | 'system' | 'provider' | null;
  detail: Record<string, string | number | boolean | null> | null;
  from_store: boolean | null;
  body: string | null;
};

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function afterCondition(after: TimelineCursor | undefined, overlapSeconds: number): SQL {
  if (!after) return sql`TRUE`;
  if (overlapSeconds <= 0) return sql`(created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)`;
  return sql`(created_at, id) > (${after.at}::timestamptz - make_interval(secs => ${overlapSeconds}), ${NIL_UUID}::uuid)`;
}

/**
 * One order's status changes, payment events and chat messages as one list in time order (ties broken by
 * id), `limit` at a time after the cursor `after`. `nextCursor` is set when more entries follow.
 */
export async function readTimeline(
  db: Database,
  orderId: string,
  read: TimelineRead,
): Promise<{ entries: TimelineEntry[]; nextCursor: string | null }> {
  const messages = sql`
    SELECT id, 'message' AS kind, created_at, NULL::text AS from_status, NULL::text AS to_status,
           NULL::text AS actor, NULL::jsonb AS detail, from_store, body
      FROM order_messages WHERE order_id = ${orderId}`;
  const events = sql`
    SELECT id, kind, created_at, from_status, to_status, actor, detail, NULL::boolean AS from_store,
           NULL::text AS body
      FROM order_events WHERE order_id = ${orderId}`;
  const source = read.messagesOnly ? messages : sql`${events} UNION ALL ${messages}`;
  const rows = await queryRows<EntryRow>(
    db,
    sql`SELECT id, kind, ${microsecondText(sql`created_at`)} AS at, from_status, to_status, actor, detail,
               from_store, body
          FROM (${source}) AS timeline
         WHERE ${afterCondition(read.after, read.overlapSeconds ?? 0)}
         ORDER BY created_at, id
         LIMIT ${read.limit + 1}`,
  );
  const entries = rows.slice(0, read.limit).map(toEntry);
  return { entries, nextCursor: rows.length > read.limit ? (entries.at(-1)?.cursor ?? null) : null };
}

function toEntry(row: EntryRow): TimelineEntry {
  const base = { id: row.id, at: row.at, cursor: `${row.at}_${row.id}` };
  if (row.kind === 'message') {
    return { ...base, kind: 'message', fromStore: row.from_store === true, body: row.body ?? '' };
  }
  return {
    ...base,
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor: row.actor ?? 'system',
    detail: row.detail ?? {},
  };
}

const readColumn = (side: ChatSide) => (side === 'shopper' ? sql`shopper_read_at` : sql`store_read_at`);

/** Messages from the other side written after `side` last marked the chat read. */
export async function unreadMessageCount(db: Database, orderId: string, side: ChatSide): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count
          FROM order_messages m JOIN orders o ON o.id = m.order_id
         WHERE m.order_id = ${orderId} AND m.from_store = ${side === 'shopper'}
           AND (o.${readColumn(side)} IS NULL OR m.created_at > o.${readColumn(side)})`,
  );
  return row?.count ?? 0;
}

/** Marks every message so far read for `side` (POST /order/{id}/update_chat_status). */
export async function markChatRead(db: Database, orderId: string, side: ChatSide): Promise<ChatStatus> {
  const [row] = await queryRows<{ read_at: string }>(
    db,
    sql`UPDATE orders SET ${readColumn(side)} = clock_timestamp() WHERE id = ${orderId}
        RETURNING ${microsecondText(readColumn(side))} AS read_at`,
  );
  if (!row) throw new AppError('order/not_found', [orderId]);
  return { readAt: row.read_at, unreadCount: await unreadMessageCount(db, orderId, side) };
}

const NOTIFICATION_PREVIEW_LENGTH = 140;

/**
 * Adds a message to the order's chat, as the shopper or as the store. The writer has read everything up
 * to their own message. A message from the store also tells the shopper through a notification, one group
 * per order so a busy chat is one line in their list. Every process's live streams of the order hear of it
 * once the transaction commits.
 */
export async function writeOrderMessage(
  db: Database,
  input: { orderId: string; viewer: OrderViewer; authorUserId: string; body: string },
): Promise<MessageEntry> {
  return db.transaction(async (tx) => {
    const order = await findViewableOrder(tx, input.orderId, input.viewer, { lock: true });
    const fromStore = input.viewer.side === 'store';
    const [row] = await queryRows<{ id: string; at: string }>(
      tx,
      sql`INSERT INTO order_messages (order_id, author_user_id, from_store, body)
          VALUES (${order.id}, ${input.authorUserId}, ${fromStore}, ${input.body})
          RETURNING id, ${microsecondText(sql`created_at`)} AS at`,
    );
    if (!row) throw new Error('a message insert returned nothing');
    // A shopper's message is also the chat's latest from them, which the back office counts as unread.
    const shopperWrote = fromStore ? sql`` : sql`, shopper_message_at = ${row.at}::timestamptz`;
    await tx.execute(
      sql`UPDATE orders SET ${readColumn(input.viewer.side)} = ${row.at}::timestamptz${shopperWrote}
           WHERE id = ${order.id}`,
    );
    if (fromStore) {
      await notifyUser(tx, {
        userId: order.userId,
        title: `New message about order ${order.orderRef}`,
        body: preview(input.body),
        link: `/orders/${order.id}`,
        groupKey: `order-chat:${order.id}`,
      });
    }
    await announceOrderChange(tx, order.id);
    return {
      id: row.id,
      at: row.at,
      cursor: `${row.at}_${row.id}`,
      kind: 'message',
      fromStore,
      body: input.body,
    };
  });
}

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  const characters = [...oneLine];
  return characters.length <= NOTIFICATION_PREVIEW_LENGTH
    ? oneLine
    : `${characters.slice(0, NOTIFICATION_PREVIEW_LENGTH - 1).join('')}…`;
}

export type OrderShopper = { id: string; name: string; email: string };

/** The shopper who placed the order, for the store's view of it. */
export async function orderShopper(db: Database, userId: string): Promise<OrderShopper> {
  const [row] = await queryRows<{ id: string; first_name: string; last_name: string; email: string }>(
    db,
    sql`SELECT id, first_name, last_name, email FROM users WHERE id = ${userId}`,
  );
  if (!row) throw new Error('an order without its shopper');
  return { id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email };
}

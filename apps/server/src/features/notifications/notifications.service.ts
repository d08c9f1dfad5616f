import { AppError } from '@crossbuy/core/errors';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { microsecondText } from '../../db/time-cursor.js';
import { isUuid } from '../../lib/ids.js';
import { users } from '../users/users.table.js';
import { notifications } from './notifications.table.js';

export type NotificationEntry = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  groupKey: string;
  readAt: string | null;
  createdAt: string;
  count: number;
};

export type NotificationPage = { notifications: NotificationEntry[]; nextBeforeTime: string | null };

export type NewNotification = {
  userId: string;
  title: string;
  body?: string;
  link?: string | null;
  groupKey: string;
};

/** How other features tell a shopper something (an order update, a quotation answered). */
export async function notifyUser(db: Database, notification: NewNotification): Promise<void> {
  await notificationInsert(db, notification);
}

/** The insert notifyUser makes, for a caller that writes it within a statement of its own (`getSQL()`). */
export function notificationInsert(db: Database, notification: NewNotification) {
  return db.insert(notifications).values(notification);
}

/** Tells every operator and admin account still allowed in (a PayNow transfer to confirm). */
export async function notifyStaff(db: Database, notice: Omit<NewNotification, 'userId'>): Promise<void> {
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['operator', 'admin']), isNull(users.blacklistedAt)));
  if (staff.length === 0) return;
  await db.insert(notifications).values(staff.map(({ id }) => ({ userId: id, ...notice })));
}

type Row = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  group_key: string;
  read_at: Date | null;
  created_at: Date;
  // Microsecond ISO text of created_at: a JavaScript Date keeps milliseconds only, and a cursor that lost
  // the microseconds would skip or repeat notifications written within the same millisecond.
  cursor: string;
  count: number;
};

function pageQuery(userId: string, collapsed: boolean, window: SQL, limit: number | null): SQL {
  const bounded = limit === null ? sql`` : sql`LIMIT ${limit}`;
  return collapsed
    ? sql`
      WITH grouped AS (
        SELECT DISTINCT ON (group_key) id, title, body, link, group_key, created_at,
               count(*) OVER (PARTITION BY group_key)::int AS count,
               CASE WHEN bool_and(read_at IS NOT NULL) OVER (PARTITION BY group_key)
                    THEN max(read_at) OVER (PARTITION BY group_key) END AS read_at
          FROM notifications WHERE user_id = ${userId}
         ORDER BY group_key, created_at DESC, id DESC
      )
      SELECT *, ${microsecondText(sql`created_at`)} AS cursor FROM grouped WHERE ${window}
       ORDER BY created_at DESC, id DESC ${bounded}`
    : sql`
      SELECT id, title, body, link, group_key, read_at, created_at, 1 AS count,
             ${microsecondText(sql`created_at`)} AS cursor
        FROM notifications WHERE user_id = ${userId} AND ${window}
       ORDER BY created_at DESC, id DESC ${bounded}`;
}

/**
 * The shopper's notifications, newest first, `limit` at a time, older than `beforeTime` when given.
 * Collapsed, each group key appears once, as its newest notification with the group's size; it counts as
 * read only when the whole group is.
 *
 * The cursor is a time (beforeTime, docs/rules/content.md), so a page never ends between two notifications of the same
 * instant: it stops before them, or, when the whole page is one instant, takes all of that instant.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  options: { collapsed: boolean; limit: number; beforeTime?: string | undefined },
): Promise<NotificationPage> {
  const { collapsed, limit } = options;
  const before =
    options.beforeTime === undefined ? sql`TRUE` : sql`created_at < ${options.beforeTime}::timestamptz`;
  const rows = await queryRows<Row>(db, pageQuery(userId, collapsed, before, limit + 1));
  let page = rows.slice(0, limit);
  const following = rows[limit];
  if (following) {
    const untied = page.filter((row) => row.cursor !== following.cursor);
    page =
      untied.length > 0
        ? untied
        : await queryRows<Row>(
            db,
            pageQuery(userId, collapsed, sql`created_at = ${following.cursor}::timestamptz`, null),
          );
  }
  return {
    notifications: page.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      groupKey: row.group_key,
      readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
      createdAt: row.cursor,
      count: row.count,
    })),
    nextBeforeTime: following ? (page[page.length - 1]?.cursor ?? null) : null,
  };
}

/** Marks a notification read, with the older ones of its group, which the collapsed entry stood for. */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<void> {
  const updated = isUuid(id)
    ? await queryRows<{ id: string }>(
        db,
        sql`
        UPDATE notifications AS n SET read_at = coalesce(n.read_at, now())
          FROM notifications AS target
         WHERE target.id = ${id} AND target.user_id = ${userId}
           AND n.user_id = target.user_id AND n.group_key = target.group_key AND n.created_at <= target.created_at
        RETURNING target.id`,
      )
    : [];
  if (updated.length === 0) throw new AppError('notification/not_found', [id]);
}

/**
 * Marks every unread notification of the shopper read, up to `upTo` (the newest one they have seen) when
 * given, so a notification that arrives while they read the list stays unread. Answers how many changed.
 */
export async function markAllNotificationsRead(
  db: Database,
  userId: string,
  upTo?: string | undefined,
): Promise<number> {
  const seen = upTo === undefined ? sql`TRUE` : sql`created_at <= ${upTo}::timestamptz`;
  const [row] = await queryRows<{ marked: number }>(
    db,
    sql`WITH marked AS (
          UPDATE notifications SET read_at = now()
           WHERE user_id = ${userId} AND read_at IS NULL AND ${seen}
          RETURNING 1
        )
        SELECT count(*)::int AS marked FROM marked`,
  );
  return row?.marked ?? 0;
}

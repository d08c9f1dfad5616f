import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { randomId, timestampTz } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

export const notifications = pgTable(
  'notifications',
  {
    id: randomId(),
    userId: cascadingUserId(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    /** Notifications about the same thing (one order's messages) share a key and collapse into one entry. */
    groupKey: text('group_key').notNull(),
    readAt: timestampTz('read_at'),
    // clock_timestamp, not now(): several notifications written in one transaction still get distinct
    // times, which the time cursor of GET /notification relies on.
    createdAt: timestampTz('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('notifications_user_time_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    index('notifications_user_group_time_idx').on(
      table.userId,
      table.groupKey,
      table.createdAt.desc().nullsFirst(),
    ),
  ],
);

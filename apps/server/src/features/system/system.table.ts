import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation itself, such as when the demo store was laid down. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Store settings an admin changes at run time, one row per typed key (settings.service.ts names the keys
 * and checks each value). A key without a row has the value the server's environment gives.
 */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.js';

/**
 * Store settings an admin changes at run time, one row per typed key (settings.service.ts names the keys
 * and checks each value). A key without a row has the value the server's environment gives.
 */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  /**
   * The value as JSON text. Not jsonb: the driver reads a jsonb string such as "12.5" back as the number
   * 12.5, and a percentage must stay the exact text it was.
   */
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

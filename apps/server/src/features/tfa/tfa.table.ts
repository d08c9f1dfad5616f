import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * The unused recovery codes of accounts with two-factor on, one row each, as a keyed hash (see
 * recovery-codes.ts). Using a code deletes its row; turning two-factor off or making new codes deletes
 * them all.
 */
export const tfaRecoveryCodes = pgTable(
  'tfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also serves counting and deleting a user's codes, by its leading column.
  (table) => [uniqueIndex('tfa_recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

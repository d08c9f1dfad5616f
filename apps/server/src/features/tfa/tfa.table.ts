import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

/**
 * The unused recovery codes of accounts with two-factor on, one row each, as a keyed hash (see
 * recovery-codes.ts). Using a code deletes its row; turning two-factor off or making new codes deletes
 * them all.
 */
export const tfaRecoveryCodes = pgTable(
  'tfa_recovery_codes',
  {
    id: randomId(),
    userId: cascadingUserId(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  // Also serves counting and deleting a user's codes, by its leading column.
  (table) => [uniqueIndex('tfa_recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

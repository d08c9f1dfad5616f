import { integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

export const userSecretPurpose = pgEnum('user_secret_purpose', [
  'email_verification',
  'password_reset',
  'tfa_reset',
]);

/**
 * Codes and tokens mailed to a user, one live secret per purpose: issuing a new one replaces the old.
 * Only a keyed hash is stored; a secret is void once used, expired, or tried too often.
 */
export const userSecrets = pgTable(
  'user_secrets',
  {
    userId: cascadingUserId(),
    purpose: userSecretPurpose('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

export type UserSecretPurpose = (typeof userSecretPurpose.enumValues)[number];

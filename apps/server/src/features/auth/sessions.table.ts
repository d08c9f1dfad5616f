import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

/**
 * One row per sign-in: a refresh-token family. Only hashes of refresh tokens are stored. Each rotation
 * moves the current hash to `previousTokenHash`; any other token presented for the family (an older
 * one, or the previous one after the grace period) means a copy is in someone else's hands.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: randomId(),
    userId: cascadingUserId(),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    /** How many times the refresh token was rotated. */
    generation: integer('generation').notNull().default(0),
    rememberMe: boolean('remember_me').notNull(),
    tfaPassed: boolean('tfa_passed').notNull().default(false),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    rotatedAt: timestampTz('rotated_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/**
 * An admin's invitation to join the staff as an operator. Only the hash of the mailed token is kept. An
 * email has at most one open invitation (neither accepted nor revoked): inviting again replaces its token.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: randomId(),
    /** Lower-cased and trimmed, as users.email. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    acceptedAt: timestampTz('accepted_at'),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestampTz('revoked_at'),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('staff_invitations_open_email_unique')
      .on(table.email)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.revokedAt} IS NULL`),
    index('staff_invitations_created_idx').on(table.createdAt),
    check('staff_invitations_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

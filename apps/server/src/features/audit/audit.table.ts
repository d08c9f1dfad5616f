import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { randomId, timestampTz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/**
 * What the store's staff changed: who, what, when, and the changed fields before and after. Written in
 * the transaction of the change it records, so a change and its entry commit together or not at all.
 * Entries are never updated; the actor's email is kept as it was, should the account change or go.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: randomId(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestampTz('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('audit_entries_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_entries_subject_idx').on(table.subjectType, table.subjectId, table.createdAt.desc()),
    index('audit_entries_actor_idx').on(table.actorUserId, table.createdAt.desc()),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;

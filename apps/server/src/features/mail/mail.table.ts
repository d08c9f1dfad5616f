import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz } from '../../db/columns.js';

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * Outgoing mail, written in the same transaction as the change that causes it, so a message is never
 * lost to a crash or an SMTP outage. The worker sends due rows and retries with back-off. Once sent over
 * SMTP the bodies are cleared, since they carry live links; the dev mailbox keeps them to show them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: randomId(),
    template: text('template').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    /** A worker that claimed the row holds it until then; a crashed worker's claim simply runs out. */
    lockedUntil: timestampTz('locked_until'),
    lastError: text('last_error'),
    /** 'smtp' or 'dev-mailbox'. */
    deliveredVia: text('delivered_via'),
    /** The request that queued the message, whose id the worker logs its sending with; null when none did. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

export type MailRow = typeof mailOutbox.$inferSelect;

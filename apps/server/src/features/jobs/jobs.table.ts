import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz } from '../../db/columns.js';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Background work that must survive a restart. A worker claims due rows with SKIP LOCKED and holds them
 * for a lease; a crashed worker's claim runs out and another worker takes the job again. Finished and
 * failed rows stay a while for inspection, then the clean-up job removes them.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: randomId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /**
     * At most one queued or running job per key: a recurring job scheduled by several processes at
     * once is queued once.
     */
    singletonKey: text('singleton_key'),
    status: jobStatus('status').notNull().default('queued'),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestampTz('locked_until'),
    /** The last failure's message, for an operator; never a payload or a secret. */
    lastError: text('last_error'),
    /** The request that queued the job, whose id the worker logs the job's runs with; null when none did. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    uniqueIndex('jobs_singleton_key_idx')
      .on(table.singletonKey)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

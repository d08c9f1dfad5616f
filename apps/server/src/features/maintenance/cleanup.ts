import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { staleSessions } from '../auth/sessions.service.js';
import { sessions } from '../auth/sessions.table.js';
import { staleUserSecrets } from '../auth/user-secrets.service.js';
import { userSecrets } from '../auth/user-secrets.table.js';
import { checkoutSessions } from '../checkout/checkout.table.js';
import { staleCheckoutSessions } from '../checkout/checkout-sessions.js';
import { staleLinkPreviews } from '../external-products/external-products.service.js';
import { linkPreviews } from '../external-products/external-products.table.js';
import { staleJobs } from '../jobs/job-queue.js';
import { jobs } from '../jobs/jobs.table.js';
import { mailOutbox } from '../mail/mail.table.js';
import { staleMail } from '../mail/mailer.js';

export const CLEANUP_JOB = 'maintenance.cleanup';
export const CLEANUP_EVERY_SECONDS = 15 * 60;
/** Small batches, each its own statement, so the clean-up never holds many row locks for long. */
const BATCH_SIZE = 1000;

/** What each table keeps is decided by its feature; the clean-up only removes what they call stale. */
const PRUNED: ReadonlyArray<{ name: string; table: PgTable; stale: SQL }> = [
  { name: 'sessions', table: sessions, stale: staleSessions },
  { name: 'userSecrets', table: userSecrets, stale: staleUserSecrets },
  { name: 'mail', table: mailOutbox, stale: staleMail },
  { name: 'jobs', table: jobs, stale: staleJobs },
  { name: 'linkPreviews', table: linkPreviews, stale: staleLinkPreviews },
  { name: 'checkoutSessions', table: checkoutSessions, stale: staleCheckoutSessions },
];

async function deleteInBatches(
  db: Database,
  table: PgTable,
  stale: SQL,
  signal: AbortSignal | undefined,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await queryRows<{ one: number }>(
      db,
      sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${table} WHERE ${stale} LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED))
          RETURNING 1 AS one`,
    );
    deleted += rows.length;
    if (rows.length < BATCH_SIZE) return deleted;
  }
}

/**
 * Deletes expired sessions, used-up secrets, old mail and old jobs; returns how many rows of each. An
 * aborted `signal` (the job's lease ran out) stops it between batches; the next run goes on from there.
 */
export async function pruneStaleRows(db: Database, signal?: AbortSignal): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table, stale } of PRUNED) {
    counts[name] = await deleteInBatches(db, table, stale, signal);
  }
  return counts;
}

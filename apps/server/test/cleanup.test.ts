import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleSessions } from '../src/features/auth/sessions.service.js';
import { sessions } from '../src/features/auth/sessions.table.js';
import { staleUserSecrets } from '../src/features/auth/user-secrets.service.js';
import { userSecrets } from '../src/features/auth/user-secrets.table.js';
import { checkoutSessions } from '../src/features/checkout/checkout.table.js';
import { staleCheckoutSessions } from '../src/features/checkout/checkout-sessions.js';
import { staleLinkPreviews } from '../src/features/external-products/external-products.service.js';
import { linkPreviews } from '../src/features/external-products/external-products.table.js';
import { staleJobs } from '../src/features/jobs/job-queue.js';
import { jobs } from '../src/features/jobs/jobs.table.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { staleMail } from '../src/features/mail/mailer.js';
import { CLEANUP_JOB, pruneStaleRows } from '../src/features/maintenance/cleanup.js';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const fromNow = (interval: string) => sql`now() + ${interval}::interval`;

/** One row of each kind on each side of its table's retention line; returns the ids to keep. */
async function seedRowsAroundTheirRetention() {
  const { db } = testApp.app;
  const session = (label: string, expiresAt: ReturnType<typeof ago>, revokedAt?: ReturnType<typeof ago>) => ({
    userId: '',
    tokenHash: label,
    rememberMe: false,
    expiresAt,
    ...(revokedAt ? { revokedAt } : {}),
  });
  const user = await createUser(testApp.app);
  const sessionRows = await db
    .insert(sessions)
    .values(
      [
        session('live', fromNow('1 day')),
        session('expired-yesterday', ago('1 day')),
        session('expired-8-days-ago', ago('8 days')),
        session('revoked-yesterday', fromNow('20 days'), ago('1 day')),
        session('revoked-8-days-ago', fromNow('20 days'), ago('8 days')),
      ].map((row) => ({ ...row, userId: user.id })),
    )
    .returning({ id: sessions.id, label: sessions.tokenHash });

  const secretOwners = await Promise.all([
    createUser(testApp.app),
    createUser(testApp.app),
    createUser(testApp.app),
  ]);
  const secretExpiries = [fromNow('30 minutes'), ago('2 hours'), ago('2 days')];
  await db.insert(userSecrets).values(
    secretOwners.map((owner, index) => ({
      userId: owner.id,
      purpose: 'email_verification' as const,
      secretHash: `hash-${index}`,
      expiresAt: secretExpiries[index] ?? fromNow('1 hour'),
    })),
  );

  const mail = (subject: string, values: Partial<PgInsertValue<typeof mailOutbox>>) => ({
    template: 'email_verification',
    to: 'someone@example.com',
    subject,
    ...values,
  });
  await db
    .insert(mailOutbox)
    .values([
      mail('pending for long', { status: 'pending', createdAt: ago('60 days') }),
      mail('sent yesterday', { status: 'sent', sentAt: ago('1 day') }),
      mail('sent 8 days ago', { status: 'sent', sentAt: ago('8 days') }),
      mail('failed last week', { status: 'failed', createdAt: ago('8 days') }),
      mail('failed 31 days ago', { status: 'failed', createdAt: ago('31 days') }),
    ]);

  await db.insert(jobs).values([
    { kind: 'test.queued-long-ago', status: 'queued', runAt: ago('60 days') },
    { kind: 'test.done-yesterday', status: 'done', finishedAt: ago('1 day') },
    { kind: 'test.done-8-days-ago', status: 'done', finishedAt: ago('8 days') },
    { kind: 'test.failed-8-days-ago', status: 'failed', finishedAt: ago('8 days') },
    { kind: 'test.failed-31-days-ago', status: 'failed', finishedAt: ago('31 days') },
  ]);

  await db
    .insert(linkPreviews)
    .values([
      { url: 'https://shop.example/fresh', expiresAt: fromNow('20 hours') },
      { url: 'https://shop.example/expired-an-hour-ago', expiresAt: ago('1 hour') },
      { url: 'https://shop.example/expired-2-days-ago', expiresAt: ago('2 days') },
    ])
    .onConflictDoNothing();

  await db.insert(checkoutSessions).values([
    { key: `ended-an-hour-ago-${user.id}`, userId: user.id, expiresAt: ago('1 hour') },
    { key: `ended-2-days-ago-${user.id}`, userId: user.id, expiresAt: ago('2 days') },
  ]);
  return { user, secretOwners, sessionRows };
}

describe('periodic clean-up', () => {
  it('deletes exactly the rows past their retention and keeps everything live', async () => {
    const { user, secretOwners } = await seedRowsAroundTheirRetention();
    const { db } = testApp.app;

    const deleted = await pruneStaleRows(db);
    expect(deleted).toMatchObject({
      sessions: 2,
      userSecrets: 1,
      mail: 2,
      jobs: 2,
      linkPreviews: 1,
      checkoutSessions: 1,
    });
    const keptCheckouts = await db
      .select({ key: checkoutSessions.key })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, user.id));
    expect(keptCheckouts.map((row) => row.key)).toEqual([`ended-an-hour-ago-${user.id}`]);

    const keptSessions = await db
      .select({ label: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(keptSessions.map((row) => row.label).sort()).toEqual([
      'expired-yesterday',
      'live',
      'revoked-yesterday',
    ]);
    const keptSecrets = await db.select({ userId: userSecrets.userId }).from(userSecrets);
    expect(keptSecrets.map((row) => row.userId).sort()).toEqual(
      [secretOwners[0]?.id, secretOwners[1]?.id].sort(),
    );
    const keptMail = await db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(keptMail.map((row) => row.subject).sort()).toEqual([
      'failed last week',
      'pending for long',
      'sent yesterday',
    ]);
    const keptJobs = await db.select({ kind: jobs.kind }).from(jobs).where(sql`${jobs.kind} like 'test.%'`);
    expect(keptJobs.map((row) => row.kind).sort()).toEqual([
      'test.done-yesterday',
      'test.failed-8-days-ago',
      'test.queued-long-ago',
    ]);
    const keptPreviews = await db.select({ url: linkPreviews.url }).from(linkPreviews);
    expect(keptPreviews.map((row) => row.url).sort()).toEqual([
      'https://shop.example/expired-an-hour-ago',
      'https://shop.example/fresh',
    ]);

    expect(await pruneStaleRows(db)).toEqual({
      sessions: 0,
      userSecrets: 0,
      mail: 0,
      jobs: 0,
      linkPreviews: 0,
      checkoutSessions: 0,
    });
  });

  it('deletes in batches until nothing stale is left', async () => {
    const { db } = testApp.app;
    await db.execute(sql`
      INSERT INTO mail_outbox (template, "to", subject, status, sent_at)
      SELECT 'email_verification', 'someone@example.com', 'old ' || n, 'sent', now() - interval '9 days'
        FROM generate_series(1, 2500) AS n`);
    expect((await pruneStaleRows(db)).mail).toBe(2500);
  });

  it('deletes no further batch once its job has been aborted', async () => {
    const { db } = testApp.app;
    await db.execute(sql`
      INSERT INTO mail_outbox (template, "to", subject, status, sent_at)
      SELECT 'email_verification', 'someone@example.com', 'aborted ' || n, 'sent', now() - interval '9 days'
        FROM generate_series(1, 1500) AS n`);
    const leaseOver = new AbortController();
    leaseOver.abort(new Error('lease over'));
    await expect(pruneStaleRows(db, leaseOver.signal)).rejects.toThrow('lease over');
    expect((await pruneStaleRows(db)).mail).toBe(1500);
  });

  it('runs as a recurring job of the app, queued again after each run', async () => {
    const { app } = testApp;
    await seedRowsAroundTheirRetention();
    await app.jobs.scheduleRecurring();
    await app.jobs.runDue();
    const runs = await app.db.select().from(jobs).where(eq(jobs.kind, CLEANUP_JOB));
    expect(runs.map((row) => row.status).sort()).toEqual(['done', 'queued']);
    expect(await pruneStaleRows(app.db)).toEqual({
      sessions: 0,
      userSecrets: 0,
      mail: 0,
      jobs: 0,
      linkPreviews: 0,
      checkoutSessions: 0,
    });
  });

  it('keeps each stale condition whole when it is combined with another', async () => {
    const { db } = testApp.app;
    await seedRowsAroundTheirRetention();
    // A filter that matches nothing: combined with it, no stale condition may match a row.
    const none = sql`false`;
    const counted = async (stale: SQL, table: PgTable) => {
      const [row] = await db.select({ n: count() }).from(table).where(and(none, stale));
      return row?.n;
    };
    expect(await counted(staleSessions, sessions)).toBe(0);
    expect(await counted(staleUserSecrets, userSecrets)).toBe(0);
    expect(await counted(staleMail, mailOutbox)).toBe(0);
    expect(await counted(staleJobs, jobs)).toBe(0);
    expect(await counted(staleLinkPreviews, linkPreviews)).toBe(0);
    expect(await counted(staleCheckoutSessions, checkoutSessions)).toBe(0);
  });
});

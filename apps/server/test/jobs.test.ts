import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobDefinition, JobQueue, jobRetryDelayMs } from '../src/features/jobs/job-queue.js';
import { type JobRow, jobs } from '../src/features/jobs/jobs.table.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await testApp.app.db.delete(jobs);
});

function queue(...definitions: JobDefinition[]): JobQueue {
  return queueWith({}, ...definitions);
}

function queueWith(
  options: { concurrency?: number; leaseSeconds?: number },
  ...definitions: JobDefinition[]
): JobQueue {
  const jobQueue = new JobQueue({ db: testApp.app.db, log: testApp.app.log, pollMs: 60_000, ...options });
  for (const definition of definitions) jobQueue.define(definition);
  return jobQueue;
}

/** A kind whose job with payload `{ n: 0 }` runs until released; the others finish at once. */
function firstJobHolds(kind: string) {
  let release: () => void = () => undefined;
  const ran: number[] = [];
  const definition: JobDefinition = {
    kind,
    handler: async ({ payload }) => {
      const { n } = payload as { n: number };
      ran.push(n);
      if (n === 0) await new Promise<void>((resolve) => (release = resolve));
    },
  };
  return { definition, ran, release: () => release() };
}

async function statusesOf(kind: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await jobsOfKind(kind)) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

async function jobsOfKind(kind: string): Promise<JobRow[]> {
  return testApp.app.db.select().from(jobs).where(eq(jobs.kind, kind));
}

/** Lets the clock "pass" a job's backoff by making it due now. */
async function makeDue(kind: string): Promise<void> {
  await testApp.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, kind));
}

describe('job queue', () => {
  it('retries a failing job later with growing delays, then finishes it', async () => {
    const attempts: number[] = [];
    const jobQueue = queue({
      kind: 'test.flaky',
      handler: async ({ attempt, payload }) => {
        attempts.push(attempt);
        expect(payload).toEqual({ productUrl: 'https://shop.example/item/1' });
        if (attempt < 3) throw new Error(`upstream answered 503 on try ${attempt}`);
      },
    });
    await jobQueue.enqueue('test.flaky', { payload: { productUrl: 'https://shop.example/item/1' } });

    expect(await jobQueue.runDue()).toBe(1);
    let [job] = await jobsOfKind('test.flaky');
    expect(job).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Error: upstream answered 503 on try 1',
    });
    const firstDelay = (job?.runAt.getTime() ?? 0) - Date.now();
    expect(firstDelay).toBeGreaterThan(4_000);
    // Not due yet: nothing runs.
    expect(await jobQueue.runDue()).toBe(0);

    await makeDue('test.flaky');
    expect(await jobQueue.runDue()).toBe(1);
    [job] = await jobsOfKind('test.flaky');
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    expect((job?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(9_000);

    await makeDue('test.flaky');
    expect(await jobQueue.runDue()).toBe(1);
    [job] = await jobsOfKind('test.flaky');
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedUntil: null });
    expect(job?.finishedAt).toBeInstanceOf(Date);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives a job up after its last attempt and keeps no e-mail address in its error', async () => {
    const jobQueue = queue({
      kind: 'test.broken',
      maxAttempts: 2,
      handler: async () => {
        throw new Error('mailbox shopper@example.com refused the message');
      },
    });
    await jobQueue.enqueue('test.broken');
    await jobQueue.runDue();
    await makeDue('test.broken');
    await jobQueue.runDue();
    const [job] = await jobsOfKind('test.broken');
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job?.lastError).toContain('refused the message');
    expect(job?.lastError).not.toContain('shopper@example.com');
    await makeDue('test.broken');
    expect(await jobQueue.runDue()).toBe(0);
  });

  it('runs again a job whose worker died holding it, once its lease has run out', async () => {
    let runs = 0;
    const survivor = queue({
      kind: 'test.orphan',
      handler: async () => {
        runs += 1;
      },
    });
    // What a worker that crashed mid-run leaves behind: claimed, attempt counted, lease over.
    await testApp.app.db.insert(jobs).values({
      kind: 'test.orphan',
      status: 'running',
      attempts: 1,
      lockedUntil: sql`now() - interval '1 second'`,
    });
    await testApp.app.db.insert(jobs).values({
      kind: 'test.orphan',
      status: 'running',
      attempts: 1,
      lockedUntil: sql`now() + interval '5 minutes'`,
    });

    expect(await survivor.runDue()).toBe(1);
    expect(runs).toBe(1);
    const rows = await jobsOfKind('test.orphan');
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'running']);
    expect(rows.find((row) => row.status === 'done')?.attempts).toBe(2);
  });

  it('gives up a job that outlived its lease on every attempt', async () => {
    let runs = 0;
    const jobQueue = queue({
      kind: 'test.poison',
      maxAttempts: 3,
      handler: async () => {
        runs += 1;
      },
    });
    await testApp.app.db.insert(jobs).values({
      kind: 'test.poison',
      status: 'running',
      attempts: 3,
      maxAttempts: 3,
      lockedUntil: sql`now() - interval '1 second'`,
    });
    await jobQueue.runDue();
    expect(runs).toBe(0);
    const [job] = await jobsOfKind('test.poison');
    expect(job).toMatchObject({ status: 'failed', attempts: 4 });
    expect(job?.lastError).toContain('lease');
  });

  it('does not let a worker that lost its claim finish the job over the one that took it', async () => {
    let release: () => void = () => undefined;
    const stalled = queue({
      kind: 'test.slow',
      handler: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    await stalled.enqueue('test.slow');
    const stalledRun = stalled.runDue();
    await vi.waitFor(async () => expect((await jobsOfKind('test.slow'))[0]?.status).toBe('running'));
    // Its lease runs out and another process takes the job over and fails it.
    await testApp.app.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    const takeover = queue({
      kind: 'test.slow',
      handler: async () => {
        throw new Error('second try failed');
      },
    });
    await takeover.runDue();
    release();
    await stalledRun;
    const [job] = await jobsOfKind('test.slow');
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lastError: 'Error: second try failed' });
  });

  it('runs each job exactly once when several workers claim at the same time', async () => {
    const runsByJob = new Map<string, number>();
    const definition: JobDefinition = {
      kind: 'test.burst',
      handler: async ({ payload }) => {
        const { n } = payload as { n: number };
        runsByJob.set(String(n), (runsByJob.get(String(n)) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const workers = [queue(definition), queue(definition), queue(definition), queue(definition)];
    await Promise.all(
      Array.from({ length: 50 }, (_, n) => workers[0]?.enqueue('test.burst', { payload: { n } })),
    );
    const runs = await Promise.all(workers.map((worker) => worker.runDue()));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(50);
    expect(runsByJob.size).toBe(50);
    expect([...runsByJob.values()].every((count) => count === 1)).toBe(true);
    const rows = await jobsOfKind('test.burst');
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('queues a recurring job once however many processes schedule it, and again after each run', async () => {
    let runs = 0;
    const definition: JobDefinition = {
      kind: 'test.recurring',
      everySeconds: 600,
      handler: async () => {
        runs += 1;
      },
    };
    const processes = Array.from({ length: 6 }, () => queue(definition));
    await Promise.all(processes.map((process) => process.scheduleRecurring()));
    expect(await jobsOfKind('test.recurring')).toHaveLength(1);

    await Promise.all(processes.map((process) => process.runDue()));
    expect(runs).toBe(1);
    const rows = await jobsOfKind('test.recurring');
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'queued']);
    const next = rows.find((row) => row.status === 'queued');
    const inSeconds = ((next?.runAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(590);
    expect(inSeconds).toBeLessThanOrEqual(600);

    // A restart schedules again, and finds the next run already queued.
    await Promise.all(processes.map((process) => process.scheduleRecurring()));
    expect(await jobsOfKind('test.recurring')).toHaveLength(2);
  });

  it('claims no more jobs than it runs at once, so the rest wait for nobody and another process runs them', async () => {
    const { definition, ran, release } = firstJobHolds('test.held');
    const busy = queueWith({ concurrency: 1 }, definition);
    for (const n of [0, 1, 2]) await busy.enqueue('test.held', { payload: { n } });
    const busyRun = busy.runDue();
    await vi.waitFor(() => expect(ran).toEqual([0]));
    expect(await statusesOf('test.held')).toEqual({ running: 1, queued: 2 });

    expect(await queueWith({ concurrency: 1 }, definition).runDue()).toBe(2);
    release();
    expect(await busyRun).toBe(1);
    expect(ran.sort()).toEqual([0, 1, 2]);
    expect(await statusesOf('test.held')).toEqual({ done: 3 });
  });

  it('stops claiming when stopped and waits for the handler under way', async () => {
    const { definition, ran, release } = firstJobHolds('test.stopping');
    const worker = queueWith({ concurrency: 1 }, definition);
    for (const n of [0, 1, 2]) await worker.enqueue('test.stopping', { payload: { n } });
    await worker.start();
    await vi.waitFor(() => expect(ran).toEqual([0]));

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual([0]);
    const rows = await jobsOfKind('test.stopping');
    expect(rows.filter((row) => row.status === 'done').map((row) => row.payload)).toEqual([{ n: 0 }]);
    expect(rows.filter((row) => row.status === 'queued' && row.attempts === 0)).toHaveLength(2);
  });

  it('gives up waiting for a handler at the end of its lease, aborts its signal and retries the job later', async () => {
    let signal: AbortSignal | undefined;
    const worker = queueWith(
      { leaseSeconds: 0.3 },
      {
        kind: 'test.hung',
        handler: (context) => {
          signal = context.signal;
          return new Promise<void>(() => undefined);
        },
      },
    );
    await worker.enqueue('test.hung');
    expect(await worker.runDue()).toBe(1);
    expect(signal?.aborted).toBe(true);
    const [job] = await jobsOfKind('test.hung');
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lockedUntil: null });
    expect(job?.lastError).toContain('lease');
    expect((job?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(4_000);
  });

  it('refuses a job of a kind nobody runs, and the same kind defined twice', async () => {
    const jobQueue = queue({ kind: 'test.known', handler: async () => undefined });
    await expect(jobQueue.enqueue('test.unknown')).rejects.toThrow(/not defined/);
    expect(() => jobQueue.define({ kind: 'test.known', handler: async () => undefined })).toThrow(/twice/);
  });
});

describe('retry delay', () => {
  it('doubles with each attempt, keeps to the upper half of its step, and stops growing at an hour', () => {
    expect(jobRetryDelayMs(1, () => 0)).toBe(5_000);
    expect(jobRetryDelayMs(1, () => 1)).toBe(10_000);
    expect(jobRetryDelayMs(3, () => 0)).toBe(20_000);
    expect(jobRetryDelayMs(3, () => 1)).toBe(40_000);
    expect(jobRetryDelayMs(30, () => 1)).toBe(3_600_000);
  });
});

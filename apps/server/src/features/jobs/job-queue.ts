import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { scrubLogText } from '../../lib/log-serializers.js';
import { PollingWorker } from '../../lib/polling-worker.js';
import { currentRequestId, requestLogFields, runWithRequestId } from '../../lib/request-ids.js';
import { type JobRow, jobs } from './jobs.table.js';

/**
 * What a handler gets: the job's payload as stored, the attempt it is on (1 for the first), a signal
 * aborted when the run reaches the end of its lease, and a log whose lines name the job and the request
 * that queued it. Pass the signal to anything that can hang (a fetch); once it fires the run counts as
 * failed and the worker goes on without waiting for the handler.
 */
export type JobContext = {
  payload: unknown;
  attempt: number;
  jobId: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

export type JobDefinition = {
  kind: string;
  handler(context: JobContext): Promise<void>;
  /** Tries before the job is marked failed; 5 unless set. */
  maxAttempts?: number;
  /** A recurring job: queued once at start and again this many seconds after each run ends. */
  everySeconds?: number;
};

export type EnqueueOptions = {
  payload?: unknown;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job holds a key; a second enqueue with it is ignored. */
  singletonKey?: string;
};

/** Handlers one process runs at once, unless set: the clean-up, and a few fetches or mails later. */
const DEFAULT_CONCURRENCY = 2;
/** How long a claim lasts unless set. A run that reaches it is abandoned as failed and retried. */
export const JOB_LEASE_SECONDS = 300;
/** A handler is given up this far into its lease, before the lease ends and another process may start. */
const HANDLER_SHARE_OF_LEASE = 0.9;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 3_600_000;

/**
 * Exponential backoff with jitter: about 10 s, 20 s, 40 s ... capped at an hour, each drawn from the
 * upper half of its step so that jobs failing together do not retry together.
 */
export function jobRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
  return Math.round(step / 2 + (random() * step) / 2);
}

/**
 * Queues a job. Pass the transaction that makes the change the job follows from, so both commit
 * together or not at all. Returns false when `singletonKey` is already held. The job keeps the id of the
 * request (or job) queuing it, for the worker's log.
 */
export async function enqueueJob(db: Database, kind: string, options: EnqueueOptions = {}): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      kind,
      payload: options.payload ?? {},
      runAt: options.runAt ?? new Date(),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      singletonKey: options.singletonKey ?? null,
      requestId: currentRequestId(),
    })
    .onConflictDoNothing({
      target: jobs.singletonKey,
      where: sql`${jobs.status} in ('queued', 'running')`,
    })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Finished jobs kept a week for inspection, failed ones a month. */
export const staleJobs = sql`((${jobs.status} = 'done' and ${jobs.finishedAt} < now() - interval '7 days')
  or (${jobs.status} = 'failed' and ${jobs.finishedAt} < now() - interval '30 days'))`;

function failureMessage(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return scrubLogText(message).slice(0, 500);
}

export type JobQueueOptions = {
  db: Database;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Handlers run at once; a process claims no more jobs than this, so every claimed job is under way. */
  concurrency?: number;
  leaseSeconds?: number;
};

class LeaseExpired extends Error {
  constructor() {
    super('the job did not finish within its lease');
    this.name = 'LeaseExpired';
  }
}

/**
 * Runs durable jobs from the `jobs` table. Several processes may run a queue on one database: a due
 * job is claimed by exactly one of them (FOR UPDATE SKIP LOCKED), and every write that ends a run is
 * conditional on still holding that claim, so a job whose lease ran out and was taken over is not
 * finished twice.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly worker: PollingWorker;
  private readonly concurrency: number;
  private readonly leaseSeconds: number;
  private stopping = false;

  constructor(private readonly options: JobQueueOptions) {
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
    this.worker = new PollingWorker({
      pollMs: options.pollMs,
      work: () => this.runDue(),
      onError: (error) => options.log.error({ err: error }, 'job worker failed'),
    });
  }

  define(definition: JobDefinition): void {
    if (this.definitions.has(definition.kind)) throw new Error(`job kind ${definition.kind} defined twice`);
    this.definitions.set(definition.kind, definition);
  }

  /** Queues a job of a kind this queue runs and wakes a started worker. */
  async enqueue(kind: string, options: EnqueueOptions = {}): Promise<boolean> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`job kind ${kind} is not defined`);
    const maxAttempts = options.maxAttempts ?? definition.maxAttempts;
    const queued = await enqueueJob(this.options.db, kind, {
      ...options,
      ...(maxAttempts ? { maxAttempts } : {}),
    });
    if (queued) this.notify();
    return queued;
  }

  /** Queues the first occurrence of every recurring job that has none queued or running. */
  async scheduleRecurring(): Promise<void> {
    for (const definition of this.definitions.values()) {
      if (definition.everySeconds) await this.scheduleNext(this.options.db, definition, new Date());
    }
  }

  private scheduleNext(db: Database, definition: JobDefinition, runAt: Date) {
    return enqueueJob(db, definition.kind, {
      singletonKey: `recurring:${definition.kind}`,
      runAt,
      ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}),
    });
  }

  /** Schedules the recurring jobs and polls for due jobs until {@link stop}. */
  async start(): Promise<void> {
    this.stopping = false;
    await this.scheduleRecurring();
    this.worker.start();
  }

  /**
   * Stops polling and waits for the handlers under way, claiming nothing more: jobs still queued wait
   * for the next start or another process.
   */
  stop(): Promise<void> {
    this.stopping = true;
    return this.worker.stop();
  }

  /** Asks a started worker to look for due jobs now; a no-op when stopped (tests call runDue). */
  notify(): void {
    this.worker.notify();
  }

  /**
   * Runs every job that is due now, up to `concurrency` at a time, until none is due or the queue is
   * stopping; returns how many runs ended (done or not).
   */
  async runDue(): Promise<number> {
    let runs = 0;
    while (!this.stopping) {
      // Only as many as start now: a claimed job waiting behind others would spend its lease waiting.
      const batch = await this.claim();
      if (batch.length === 0) break;
      // Every run settles before a failure to record one is reported, so stop() never returns early.
      const outcomes = await Promise.allSettled(batch.map((job) => this.run(job)));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      runs += batch.length;
    }
    return runs;
  }

  private async claim(): Promise<JobRow[]> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return [];
    const { db } = this.options;
    // A running job whose lease has run out belongs to a process that died or stalled: take it over.
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          sql`((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
            or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now()))`,
        ),
      )
      .orderBy(jobs.runAt)
      .limit(this.concurrency)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
      })
      .where(sql`${jobs.id} in ${due}`)
      .returning();
  }

  /** The claim this process holds on `job`: lost once another process took the job over. */
  private held(job: JobRow) {
    return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  }

  private async run(job: JobRow): Promise<void> {
    const { db } = this.options;
    const definition = this.definitions.get(job.kind);
    if (!definition) return;
    // Named like a request's lines (`reqId`), so one search finds a request and the work it queued.
    const log = this.options.log.child({
      ...requestLogFields(job.requestId),
      jobId: job.id,
      kind: job.kind,
    });
    const started = Date.now();
    let error: unknown;
    // A job that keeps taking its process down is given up like one that keeps failing.
    if (job.attempts > job.maxAttempts) {
      error = new LeaseExpired();
    } else {
      try {
        // Jobs and mail the handler queues carry the same request id on.
        await runWithRequestId(job.requestId, () => this.runHandler(definition, job, log));
      } catch (caught) {
        error = caught ?? new Error('the job failed');
      }
    }
    const finished = error === undefined || job.attempts >= job.maxAttempts;
    if (error === undefined) {
      log.info({ attempt: job.attempts, ms: Date.now() - started }, 'job done');
    } else {
      log.warn({ err: error, attempt: job.attempts, gaveUp: finished }, 'job failed');
    }
    // The next occurrence of a recurring job is queued with the end of this one, so no crash between
    // the two can leave the job with no occurrence at all.
    await db.transaction(async (tx) => {
      const ended = await tx
        .update(jobs)
        .set({
          status: error === undefined ? 'done' : finished ? 'failed' : 'queued',
          lockedUntil: null,
          lastError: error === undefined ? null : failureMessage(error),
          ...(finished
            ? { finishedAt: new Date() }
            : { runAt: new Date(Date.now() + jobRetryDelayMs(job.attempts)) }),
        })
        .where(this.held(job))
        .returning({ id: jobs.id });
      if (ended.length > 0 && finished && definition.everySeconds) {
        await this.scheduleNext(tx, definition, new Date(Date.now() + definition.everySeconds * 1000));
      }
    });
  }

  /**
   * Runs the handler until it settles or its time is up, whichever comes first. At the end of the lease
   * another process may take the job over, so a little before it this one aborts the handler's signal
   * and stops waiting for it.
   */
  private async runHandler(definition: JobDefinition, job: JobRow, log: FastifyBaseLogger): Promise<void> {
    const abort = new AbortController();
    const timeUpMs = this.leaseSeconds * 1000 * HANDLER_SHARE_OF_LEASE;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort(new LeaseExpired());
        reject(abort.signal.reason);
      }, timeUpMs);
    });
    try {
      await Promise.race([
        definition.handler({
          payload: job.payload,
          attempt: job.attempts,
          jobId: job.id,
          signal: abort.signal,
          log,
        }),
        timeUp,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

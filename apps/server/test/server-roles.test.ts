import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_LOOKUP_JOB } from '../src/features/external-products/external-products.service.js';
import { externalProducts } from '../src/features/external-products/external-products.table.js';
import { enqueueJob } from '../src/features/jobs/job-queue.js';
import { jobs } from '../src/features/jobs/jobs.table.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { enqueueMail } from '../src/features/mail/mailer.js';
import { freePort, repositoryRoot, SERVER_FROM_SOURCE, serverProcessEnv } from './helpers/server-process.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The roles of docs/decisions/0076 as real processes from source on the test's own PostgreSQL database:
// a `web` process answers HTTP and leaves the mail to a `worker`, which answers only its health checks;
// a web process told to stop says it is not ready before it stops taking requests. PGlite belongs to one
// process, so a single role runs only on PostgreSQL.

const statusAt = (origin: string, url: string) =>
  fetch(`${origin}${url}`).then(
    (response) => response.status,
    () => 0,
  );

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('server roles (PostgreSQL only)', () => {
  let harness: TestApp;
  const processes: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-roles-'));

  const start = async (role: 'web' | 'worker', env: NodeJS.ProcessEnv = {}) => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let log = '';
    const [command = process.execPath, ...args] = SERVER_FROM_SOURCE;
    const child = spawn(command, args, {
      cwd: repositoryRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...serverProcessEnv({ databaseUrl: harness.database.url as string, dataDir }),
        SERVER_ROLE: role,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MAIL_POLL_SECONDS: '1',
        ...env,
      },
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    processes.push(child);
    await until(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`the ${role} process exited (${child.exitCode}):\n${log}`);
        return (await statusAt(origin, '/api/health/live')) === 200;
      },
      `the ${role} process answering`,
      60_000,
    );
    return { child, origin };
  };

  beforeAll(async () => {
    harness = await createTestApp();
  });
  // Each test's processes stop with it: a worker left running would take the next test's jobs.
  afterEach(async () => {
    const running = processes
      .splice(0)
      .filter((child) => child.exitCode === null && child.signalCode === null);
    await Promise.all(
      running.map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      }),
    );
  });
  afterAll(async () => {
    await harness?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const mailStatus = async (to: string) =>
    (
      await harness.app.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.to, to))
    )[0]?.status;

  it('a web process answers the store and leaves the mail to the worker, which answers only its health', async () => {
    const web = await start('web');
    expect(await statusAt(web.origin, '/api/ping')).toBe(200);
    const to = 'roles@example.com';
    await enqueueMail(harness.app.db, {
      template: 'email_verification',
      to,
      content: { subject: 'Verify your email', text: 'Hello', html: '<p>Hello</p>' },
    });
    // Three of the web process's would-be mail polls: it sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await mailStatus(to)).toBe('pending');

    const worker = await start('worker');
    expect(await statusAt(worker.origin, '/api/health/ready')).toBe(200);
    expect(await statusAt(worker.origin, '/api/ping')).toBe(404);
    await until(async () => (await mailStatus(to)) === 'sent', 'the worker sending the mail');
  });

  it('a web process told to stop answers "not ready" while it drains, then stops', async () => {
    const web = await start('web', { DRAIN_SECONDS: '2' });
    expect(await statusAt(web.origin, '/api/health/ready')).toBe(200);
    const exited = new Promise<number | null>((resolve) => web.child.once('exit', resolve));
    web.child.kill('SIGTERM');
    await until(async () => (await statusAt(web.origin, '/api/health/ready')) === 503, 'readiness 503');
    // Still serving while the proxy takes it out of rotation.
    expect(await statusAt(web.origin, '/api/ping')).toBe(200);
    expect(await exited).toBe(0);
    expect(await statusAt(web.origin, '/api/health/live')).toBe(0);
  });

  it('three workers run each job once', async () => {
    // A stand-in shop abroad that counts how often each of its pages is read: a lookup job run twice would
    // read its page twice.
    const reads = new Map<string, number>();
    const shop = createHttpServer((request, response) => {
      const page = request.url ?? '/';
      reads.set(page, (reads.get(page) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<html><head><title>Item ${page}</title></head><body></body></html>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const shopPort = (shop.address() as AddressInfo).port;
    try {
      const allowed = { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${shopPort}` };
      await Promise.all([start('worker', allowed), start('worker', allowed), start('worker', allowed)]);
      const pages = Array.from({ length: 30 }, (_, index) => `/item-${index}`);
      const rows = await harness.app.db
        .insert(externalProducts)
        .values(pages.map((page) => ({ url: `http://127.0.0.1:${shopPort}${page}`, host: '127.0.0.1' })))
        .returning({ id: externalProducts.id });
      await Promise.all(
        rows.map(({ id }) =>
          enqueueJob(harness.app.db, EXTERNAL_LOOKUP_JOB, {
            payload: { productId: id },
            singletonKey: `${EXTERNAL_LOOKUP_JOB}:${id}`,
          }),
        ),
      );
      const ids = rows.map((row) => row.id);
      const statuses = () =>
        harness.app.db
          .select({ status: externalProducts.status })
          .from(externalProducts)
          .where(inArray(externalProducts.id, ids));
      await until(
        async () => (await statuses()).every((row) => row.status !== 'pending'),
        'the lookups finishing',
        60_000,
      );
      expect((await statuses()).map((row) => row.status)).toEqual(Array(30).fill('done'));
      expect(pages.map((page) => reads.get(page))).toEqual(Array(30).fill(1));
      const ran = () =>
        harness.app.db
          .select({ attempts: jobs.attempts, status: jobs.status })
          .from(jobs)
          .where(inArray(sql`${jobs.payload}->>'productId'`, ids));
      // A worker records its job's end just after the lookup it ran has saved the product.
      await until(
        async () => (await ran()).every((job) => job.status === 'done' || job.status === 'failed'),
        'the workers recording their jobs',
        10_000,
      );
      expect(await ran()).toEqual(Array(30).fill({ attempts: 1, status: 'done' }));
    } finally {
      await new Promise((resolve) => shop.close(resolve));
    }
    // Three processes start from source, and a worker polls for jobs another process queued every 10 s.
  }, 120_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { enqueueMail } from '../src/features/mail/mailer.js';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './helpers/test-app.js';

// The roles of docs/decisions/0076 as real processes from source on the test's own PostgreSQL database:
// a `web` process answers HTTP and leaves the mail to a `worker`, which answers only its health checks;
// a web process told to stop says it is not ready before it stops taking requests. PGlite belongs to one
// process, so a single role runs only on PostgreSQL.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port was given');
  return address.port;
}

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
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=development', path.join(root, 'apps/server/src/main.ts')],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          SERVER_ROLE: role,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: harness.database.url as string,
          SESSION_SECRET: TEST_SESSION_SECRET,
          DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          WEB_BUILD_DIR: '',
          DATA_DIR: dataDir,
          REDIS_URL: '',
          MAIL_POLL_SECONDS: '1',
          ...env,
        },
      },
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    processes.push(child);
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`the ${role} process exited (${child.exitCode}):\n${log}`);
      return (await statusAt(origin, '/api/health/live')) === 200;
    }, `the ${role} process answering`);
    return { child, origin };
  };

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
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
});

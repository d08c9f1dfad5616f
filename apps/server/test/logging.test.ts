import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { users } from '../src/features/users/users.table.js';
import { hashPassword } from '../src/lib/passwords.js';
import { nextIp, registration } from './helpers/accounts.js';
import { TestBrowser } from './helpers/browser.js';
import { createTestApp, type TestApp, testConfig } from './helpers/test-app.js';

type LogLine = { msg?: string; reqId?: string; [key: string]: unknown };

describe('what the server logs', () => {
  const written: string[] = [];
  const logText = () => written.join('');
  const logLines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);
  let harness: TestApp;
  const password = `Leaky-Horse-${randomUUID().slice(0, 8)}`;
  const email = `leaky.${randomUUID().slice(0, 8)}@example.com`;
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword(password);
    harness = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => written.push(line) },
      extend: (app) => {
        // A route with a bug: it inserts the same account twice, and nothing catches the second failure.
        app.get('/api/test/duplicate-account', async () => {
          const account = { email, passwordHash, firstName: 'Leaky', lastName: 'Logs' };
          await app.db.insert(users).values(account);
          await app.db.insert(users).values(account);
          return { ok: true };
        });
      },
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('logs a failed insert by its SQL and SQLSTATE, never its parameters, the password hash or the e-mail', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/duplicate-account' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json().error.params[0]).toContain(`reference ${requestId}`);

    const text = logText();
    expect(text).not.toContain(passwordHash);
    expect(text).not.toContain(passwordHash.split('$').at(-1));
    expect(text.toLowerCase()).not.toContain(email);
    expect(text).not.toContain('params:');

    const logged = logLines().find((line) => line.msg === 'unhandled error' && line.reqId === requestId);
    const err = logged?.err as {
      query?: string;
      cause?: { code?: string; constraint?: string; detail?: unknown };
    };
    expect(err.query).toMatch(/^insert into "users"/);
    expect(err.cause?.code).toBe('23505');
    expect(err.cause?.constraint).toMatch(/email/);
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('keeps passwords, e-mail addresses and query-string values out of the log even at trace level', async () => {
    const browser = await TestBrowser.open(harness.app, nextIp());
    const signUp = registration({ password });
    const resetToken = randomUUID();
    expect((await browser.post('/api/auth/register', signUp)).statusCode).toBe(201);
    await browser.post('/api/auth/login', { email: signUp.email, password });
    await browser.post('/api/auth/login', { email: signUp.email, password: `${password}-wrong` });
    // A body that is not JSON is refused with a logged reason, which must not quote the body.
    const malformed = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: browser.ip,
      headers: {
        'content-type': 'application/json',
        cookie: browser.cookieHeader('/api/auth/login'),
        'x-xsrf-token': browser.cookie('XSRF-TOKEN') ?? '',
      },
      payload: `${password}&email=${signUp.email}`,
    });
    expect(malformed.json().error.code).toBe('general/malformed_json');
    await browser.get(`/api/dev/mailbox?to=${encodeURIComponent(signUp.email)}`);
    await browser.get(`/reset-password?uid=1&token=${resetToken}`);

    const text = logText();
    expect(text).not.toContain(password);
    expect(text.toLowerCase()).not.toContain(signUp.email.toLowerCase());
    expect(text).not.toContain(encodeURIComponent(signUp.email));
    expect(text).not.toContain(resetToken);

    const lines = logLines();
    // Requests are logged, by path and query names.
    expect(lines.map((line) => (line.req as { url?: string } | undefined)?.url)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/dev/mailbox?to', '/reset-password?uid&token']),
    );
    expect(lines.find((line) => line.msg === 'request refused')?.reason).toEqual(expect.any(String));
  });

  it('logs a PostgreSQL connection lost while idle, and goes on', async () => {
    const lines: string[] = [];
    // Never connected: the test plays the pool reporting a connection the server ended while idle.
    const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:9/unused' });
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn' }),
      db: drizzle(pool),
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    const ended = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    pool.emit('error', ended, undefined);
    // The live bus's own connection to this unreachable server is reported too; this is the pool's.
    const logged = lines
      .map((line) => JSON.parse(line) as LogLine)
      .find((line) => line.level === 40 && String(line.msg).startsWith('idle database connection lost'));
    expect(logged).toBeDefined();
    expect(logged?.err).toMatchObject({ code: '57P01', severity: 'FATAL' });
    await app.close();
    expect(pool.listenerCount('error')).toBe(0);
    await pool.end();
  });
});

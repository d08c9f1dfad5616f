import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, scrubLogText, serializeError } from './log-serializers.js';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const EMAIL = 'ada.lovelace@example.com';

/** A failed insert as node-postgres and Drizzle report it. */
function failedInsert() {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_unique"'),
    {
      code: '23505',
      severity: 'ERROR',
      table: 'users',
      constraint: 'users_email_unique',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    [EMAIL, HASH],
    cause,
  );
}

/** A logger with the server's options, writing to an array. */
function capturedLogger() {
  const lines: string[] = [];
  const app = Fastify({
    logger: { ...loggerOptions('trace'), stream: { write: (line) => lines.push(line) } },
  });
  return { log: app.log, text: () => lines.join('') };
}

describe('scrubLogText', () => {
  it("drops Drizzle's parameter list, in a message and in a stack", () => {
    expect(scrubLogText(`Failed query: select 1\nparams: ${EMAIL},${HASH}`)).toBe('Failed query: select 1');
    expect(scrubLogText(`Error: Failed query: x\nparams: a\nb\n    at f (file.js:1:1)`)).toBe(
      'Error: Failed query: x\n    at f (file.js:1:1)',
    );
  });

  it('replaces e-mail addresses and leaves package paths alone', () => {
    expect(scrubLogText(`550 5.1.1 <${EMAIL}>: Recipient address rejected`)).toBe(
      '550 5.1.1 <[email]>: Recipient address rejected',
    );
    const frame = 'at f (file:///app/node_modules/@fastify/cookie/plugin.js:1:1)';
    expect(scrubLogText(frame)).toBe(frame);
  });

  it('takes linear time on long runs of word characters', () => {
    const started = performance.now();
    scrubLogText(`${'a'.repeat(200_000)}@`);
    // A pattern that backtracks over the run takes about 2·10¹⁰ steps here, many seconds; a linear one
    // takes milliseconds. The bound sits far from both, so a busy machine cannot fail it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('serializeError', () => {
  it('logs a failed query by its SQL and the database error, never the parameters or the detail', () => {
    const serialized = serializeError(failedInsert()) as Record<string, unknown>;
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: '23505', table: 'users', constraint: 'users_email_unique', severity: 'ERROR' },
    });
    expect(serialized.stack).toMatch(/^Error: Failed query: insert into "users".*\$2\)\n {4}at /);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('params');
    expect(text).not.toContain('detail');
  });

  it('keeps only the plain facts of mail and Redis errors', () => {
    const smtp = Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${EMAIL}>`), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: `550 <${EMAIL}>: Recipient address rejected`,
      rejected: [EMAIL],
      command: 'RCPT TO',
    });
    const redis = Object.assign(new Error('ERR Error running script'), {
      command: { name: 'eval', args: ['script', 1, `crossbuy:rl:sign-in:account:${EMAIL}`, 900_000] },
    });
    const serialized = [serializeError(smtp), serializeError(redis)];
    expect(serialized[0]).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    expect(JSON.stringify(serialized)).not.toContain(EMAIL);
    expect(serialized[1]).not.toHaveProperty('command');
  });

  it('follows causes and aggregated errors a bounded depth, and passes other values through', () => {
    const looped = new Error('outer') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(JSON.stringify(serializeError(looped)).match(/"outer"/g)?.length).toBe(6);
    const refused = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ]);
    expect(serializeError(refused)).toMatchObject({ aggregateErrors: [{ code: 'ECONNREFUSED' }] });
    expect(serializeError(`${EMAIL} failed`)).toBe('[email] failed');
    expect(serializeError(42)).toBe(42);
  });
});

describe('the server logger', () => {
  it('redacts secrets by name, and serializes errors and scrubs strings under any key and in the message', () => {
    const { log, text } = capturedLogger();
    log.info({ password: 'hunter2-secret', user: { passwordHash: HASH, refreshToken: 'rt-secret' } }, 'one');
    log.info({ headers: { authorization: 'Bearer at-secret', cookie: 'access_token=ck-secret' } }, 'two');
    log.warn({ error: failedInsert(), admin: EMAIL }, 'three');
    log.error(failedInsert());
    log.error({ err: failedInsert() });
    log.info(`mail for ${EMAIL}`);
    const logged = text();
    for (const secret of ['hunter2-secret', HASH, 'rt-secret', 'at-secret', 'ck-secret', EMAIL, 'params']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('"password":"[redacted]"');
    expect(logged).toContain('"admin":"[email]"');
    expect(logged).toContain('"msg":"mail for [email]"');
    expect(logged.match(/"constraint":"users_email_unique"/g)).toHaveLength(3);
  });
});

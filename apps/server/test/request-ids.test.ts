import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_LOOKUP_JOB } from '../src/features/external-products/external-products.service.js';
import { jobs } from '../src/features/jobs/jobs.table.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { htmlPage, type StandInSite, startStandInSite } from './helpers/stand-in-site.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

type LogLine = { msg?: string; reqId?: string; jobId?: string; mailId?: string; [key: string]: unknown };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** GET /api/ping carrying `id` as the forwarded request id. */
const pingWith = (harness: TestApp, id: string) =>
  harness.app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': id } });
const page = readFileSync(new URL('./fixtures/external-pages/json-ld-graph.html', import.meta.url), 'utf8');

/**
 * A request's id names its log lines, its answer, and the work it leaves to a worker: the job and the
 * mail it queues, whose runs the worker logs under the same id (docs/decisions/0081).
 */
describe('request ids', () => {
  let site: StandInSite;
  const written: string[] = [];
  const logLines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);

  describe('behind a trusted proxy', () => {
    let harness: TestApp;

    beforeAll(async () => {
      site = await startStandInSite();
      harness = await createTestApp({
        // Injected requests come from 127.0.0.1, the proxy's address here.
        env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', OUTBOUND_ALLOW_HOSTS: site.host },
        logStream: { write: (line) => written.push(line) },
      });
    });
    afterAll(async () => {
      await harness?.close();
      await site?.close();
    });

    it("keeps the proxy's id for the answer and the request's log lines", async () => {
      const id = '8d4a2c6e-1f3b-4a5d-9e7f-0b1c2d3e4f5a';
      const response = await pingWith(harness, id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toBe(id);
      expect(logLines().some((line) => line.reqId === id && line.msg === 'request completed')).toBe(true);
    });

    it("keeps HAProxy's own format of id", async () => {
      const id = '7F000001:D1A2_7F000001:1F90_6760F2A1_0001:1A2B';
      const response = await pingWith(harness, id);
      expect(response.headers['x-request-id']).toBe(id);
    });

    it.each([
      ['too short', 'abc'],
      ['too long', 'a'.repeat(129)],
      ['with a space', 'abcdefgh ijkl'],
      ['with a quote', 'abcdefgh"ijkl'],
      ['with a slash', 'abcdefgh/ijkl'],
      ['starting with a dash', '-abcdefghijkl'],
    ])('replaces a forwarded id %s with one of its own', async (_case, id) => {
      const response = await pingWith(harness, id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it('gives a request without a forwarded id one of its own', async () => {
      const response = await harness.app.inject({ method: 'GET', url: '/api/ping' });
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it('stores the id with the lookup a request queues, and the run of that job is logged under it', async () => {
      site.route('/item/1', htmlPage(page));
      const shopper = await signInAs(harness.app, await createUser(harness.app));
      const id = 'lookup-request-0001';
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/product/searchExternal',
        headers: {
          cookie: shopper.cookie,
          ...shopper.header,
          'content-type': 'application/json',
          'x-request-id': id,
        },
        payload: JSON.stringify({ link: site.url('/item/1') }),
      });
      expect(response.statusCode).toBe(202);
      const [queued] = await harness.app.db.select().from(jobs).where(eq(jobs.kind, EXTERNAL_LOOKUP_JOB));
      expect(queued?.requestId).toBe(id);

      expect(await harness.app.jobs.runDue()).toBe(1);
      const run = logLines().find((line) => line.jobId === queued?.id && line.msg === 'job done');
      expect(run).toMatchObject({ reqId: id, kind: EXTERNAL_LOOKUP_JOB });
    });

    it('stores the id with the mail a request queues, and the sending is logged under it', async () => {
      const user = await createUser(harness.app);
      const xsrf = await withXsrf(harness.app);
      const id = 'forgot-password-0001';
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/forgotPassword',
        headers: {
          cookie: xsrf.cookie,
          ...xsrf.header,
          'content-type': 'application/json',
          'x-request-id': id,
        },
        payload: JSON.stringify({ email: user.email }),
      });
      expect(response.statusCode).toBe(200);
      const [mail] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      expect(mail?.requestId).toBe(id);

      await harness.app.mailer.flush();
      const sent = logLines().find((line) => line.mailId === mail?.id && line.msg === 'mail sent');
      expect(sent).toMatchObject({ reqId: id });
      // The line names the message, never its address.
      expect(JSON.stringify(sent)).not.toContain(user.email);
    });

    it('queues work outside any request with no id', async () => {
      await harness.app.jobs.scheduleRecurring();
      const recurring = await harness.app.db
        .select()
        .from(jobs)
        .where(like(jobs.singletonKey, 'recurring:%'));
      expect(recurring.length).toBeGreaterThan(0);
      for (const job of recurring) expect(job.requestId).toBeNull();
    });
  });

  describe('with no proxy trusted', () => {
    let harness: TestApp;

    beforeAll(async () => {
      harness = await createTestApp();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("never takes a client's id: a client could otherwise pick the id of another's request", async () => {
      const id = '8d4a2c6e-1f3b-4a5d-9e7f-0b1c2d3e4f5a';
      const response = await pingWith(harness, id);
      expect(response.headers['x-request-id']).toMatch(UUID);
      expect(response.headers['x-request-id']).not.toBe(id);
    });

    it('gives two requests two ids', async () => {
      const [first, second] = await Promise.all([
        harness.app.inject({ method: 'GET', url: '/api/ping' }),
        harness.app.inject({ method: 'GET', url: '/api/ping' }),
      ]);
      expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id']);
    });
  });
});

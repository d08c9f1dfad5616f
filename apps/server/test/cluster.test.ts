import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Cluster, haproxyAvailable, startCluster } from '../../../scripts/cluster.mjs';
import { checkoutSessions } from '../src/features/checkout/checkout.table.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { enqueueMail } from '../src/features/mail/mailer.js';
import { orders } from '../src/features/orders/orders.table.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../src/plugins/xsrf.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { openStream } from './helpers/event-stream.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { freePort, SERVER_FROM_SOURCE, serverProcessEnv } from './helpers/server-process.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// The store as `npm run start:cluster` runs it (docs/decisions/0078): three `web` processes and two
// `worker` processes from source on the test's own PostgreSQL database (and Redis with TEST_REDIS_URL),
// behind HAProxy. Changes made through the test's own app reach the processes as any process's would.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// CI installs HAProxy; a developer without it runs the rest of the PostgreSQL tests.
const runnable = onPostgres && (haproxyAvailable() || Boolean(process.env.CI));

describe.skipIf(!runnable)('the store as a cluster: 3 web and 2 worker processes behind HAProxy', () => {
  let harness: TestApp;
  let cluster: Cluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-cluster-test-'));
  /** What each process logged, by its name. */
  const logs = new Map<string, string[]>();

  let fixture: CatalogueFixture;

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
    cluster = await startCluster({
      webs: 3,
      workers: 2,
      port: await freePort(),
      serverCommand: SERVER_FROM_SOURCE,
      env: {
        ...serverProcessEnv({ databaseUrl: harness.database.url as string, dataDir }),
        LOG_LEVEL: 'info',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        REDIS_KEY_PREFIX: `crossbuy-cluster-${randomBytes(4).toString('hex')}:`,
        MAIL_POLL_SECONDS: '1',
      },
      output: (name, line) => {
        const lines = logs.get(name) ?? [];
        lines.push(line);
        logs.set(name, lines);
      },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await harness?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const direct = (member: { port: number }) => `http://127.0.0.1:${member.port}`;

  it("spreads a shopper's requests across the web processes", async () => {
    const counted = (name: string) =>
      (logs.get(name) ?? []).filter((line) => line.includes('"url":"/api/ping?spread"')).length;
    for (let call = 0; call < 30; call += 1) {
      expect((await fetch(`${cluster.origin}/api/ping?spread`)).status).toBe(200);
    }
    await vi.waitFor(() => {
      const byWeb = cluster.webs.map((web) => counted(web.name));
      expect(byWeb.reduce((sum, count) => sum + count, 0)).toBe(30);
      for (const count of byWeb) expect(count).toBeGreaterThan(0);
    });
    for (const worker of cluster.workers) expect(counted(worker.name)).toBe(0);
  });

  it('delivers a chat message posted through one web process to a stream opened on another', async () => {
    const shopper = await createUser(harness.app);
    const session = await signInAs(harness.app, shopper);
    const order = await placeOrder(harness.app.db, shopper.id, { method: 'paynow' });
    const [first, second] = cluster.webs;
    if (!first || !second) throw new Error('the cluster has fewer than two web processes');
    const stream = await openStream(`${direct(first)}/api/order/${order.id}/live`, {
      cookie: session.cookie,
    });
    expect(stream.response.status).toBe(200);
    const posted = await fetch(`${direct(second)}/api/order/${order.id}/messages`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json', ...session.header },
      body: JSON.stringify({ message: 'Sent through another process' }),
    });
    expect(posted.status).toBe(201);
    await stream.waitFor(
      (events) => events.some((event) => event.data?.includes('Sent through another process')),
      'the message from the other process',
    );
    await stream.close();
  });

  it('refuses a blacklisted shopper in every web process at once', async () => {
    const shopper = await createUser(harness.app);
    const session = await signInAs(harness.app, shopper);
    const me = (web: { port: number }) =>
      fetch(`${direct(web)}/api/auth/me`, { headers: { cookie: session.cookie } }).then((r) => r.status);
    // Each process has read the account, and holds it in its cache.
    for (const web of cluster.webs) expect(await me(web)).toBe(200);
    const operator = apiAs(
      harness.app,
      await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), { tfaPassed: true }),
    );
    expect((await operator.send('POST', `/api/admin/users/${shopper.id}/blacklist`)).statusCode).toBe(200);
    // Well under the account cache's five seconds: the revocation reached every process.
    await vi.waitFor(async () => expect(await Promise.all(cluster.webs.map(me))).toEqual([401, 401, 401]), {
      timeout: 1_500,
      interval: 20,
    });
  });

  it('names each request at the proxy, and the worker logs the mail a request queued under that name', async () => {
    const chosenByClient = 'chosen-by-the-client-0001';
    const ping = await fetch(`${cluster.origin}/api/ping`, { headers: { 'x-request-id': chosenByClient } });
    const cookies = new Map(
      ping.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
      }),
    );
    const user = await createUser(harness.app);
    const asked = await fetch(`${cluster.origin}/api/auth/forgotPassword`, {
      method: 'POST',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
        [XSRF_HEADER]: cookies.get(XSRF_COOKIE) ?? '',
        'content-type': 'application/json',
        'x-request-id': chosenByClient,
      },
      body: JSON.stringify({ email: user.email }),
    });
    expect(asked.status).toBe(200);
    const requestId = asked.headers.get('x-request-id');
    // HAProxy's uuid(), over the one the client chose.
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const linesOf = (members: { name: string }[]) =>
      members.flatMap((member) =>
        (logs.get(member.name) ?? [])
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; template?: string }),
      );
    await vi.waitFor(
      () => {
        expect(linesOf(cluster.webs)).toContainEqual(
          expect.objectContaining({ reqId: requestId, msg: 'request completed' }),
        );
        expect(linesOf(cluster.workers)).toContainEqual(
          expect.objectContaining({ reqId: requestId, msg: 'mail sent', template: 'password_reset' }),
        );
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(JSON.stringify(linesOf([...cluster.webs, ...cluster.workers]))).not.toContain(chosenByClient);
  });

  it('sends each queued mail once across the two workers', async () => {
    const batch = `once-${randomBytes(4).toString('hex')}`;
    const addresses = Array.from({ length: 40 }, (_, index) => `${batch}-${index}@example.com`);
    await Promise.all(
      addresses.map((to) =>
        enqueueMail(harness.app.db, {
          template: 'email_verification',
          to,
          content: { subject: 'Verify', text: 'Hello', html: '<p>Hello</p>' },
        }),
      ),
    );
    const sent = () =>
      harness.app.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, addresses));
    await vi.waitFor(
      async () => expect((await sent()).filter((row) => row.status === 'sent')).toHaveLength(40),
      { timeout: 20_000, interval: 200 },
    );
    // A mail two workers had both claimed would have been attempted twice.
    expect((await sent()).map((row) => row.attempts)).toEqual(Array(40).fill(1));
  });

  it('drops no order of a burst while one web process is stopped and started again', async () => {
    const { id: productId } = await addProduct(fixture, {
      name: 'Cluster Lamp',
      categoryId: 'keyboards',
      merchant: fixture.merchants.basics,
      priceMinor: 2500,
      stock: 100,
    });
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const user = await createUser(harness.app);
        const session = await signInAs(harness.app, user);
        const api = apiAs(harness.app, session);
        const addressId = await addAddress(harness.app.db, user.id);
        const added = await api.send('POST', '/api/cart', { productId, variantPath: '', quantity: 1 });
        const { key } = (
          await api.send('POST', '/api/checkout/session', { cartItemIds: [added.json().cartItem.id] })
        ).json();
        return {
          session,
          key: key as string,
          body: JSON.stringify({
            checkoutSessionKey: key,
            paymentMethod: 'paynow',
            shippingAddressId: addressId,
            regionCountryCode: 'SG',
          }),
        };
      }),
    );
    const place = (shopper: (typeof shoppers)[number]) =>
      fetch(`${cluster.origin}/api/checkout/create_order`, {
        method: 'POST',
        headers: {
          cookie: shopper.session.cookie,
          'content-type': 'application/json',
          ...shopper.session.header,
        },
        body: shopper.body,
      }).then(
        (response) => response.status,
        () => 0,
      );
    const [restarted] = cluster.webs;
    if (!restarted) throw new Error('the cluster has no web process');
    // The burst goes on, in waves, while the first web process drains, stops and starts again.
    const restarting = cluster.restart(restarted);
    const statuses: number[] = [];
    for (let wave = 0; wave < shoppers.length; wave += 5) {
      statuses.push(...(await Promise.all(shoppers.slice(wave, wave + 5).map(place))));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await restarting;
    expect(statuses).toEqual(Array(30).fill(201));
    const placed = await harness.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.checkoutSessionKey,
          shoppers.map((shopper) => shopper.key),
        ),
      );
    expect(placed).toHaveLength(30);
    const named = await harness.app.db
      .select({ key: checkoutSessions.key })
      .from(checkoutSessions)
      .where(isNotNull(checkoutSessions.orderId));
    expect(named.length).toBeGreaterThanOrEqual(30);
    // Every answer after the restart came from a process that was ready again.
    expect((await fetch(`${direct(restarted)}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});

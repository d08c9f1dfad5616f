import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { ACCOUNT_CACHE_TTL_MS } from '../src/features/auth/account-cache.js';
import { sessions } from '../src/features/auth/sessions.table.js';
import { users } from '../src/features/users/users.table.js';
import { browserSignedInAs, createUserWithPassword, nextIp, PASSWORD } from './helpers/accounts.js';
import { linkParamFor, TestBrowser } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { openStream } from './helpers/event-stream.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, testConfig } from './helpers/test-app.js';

// Two server processes on one database, as in catalogue-invalidation.test.ts: on PostgreSQL the second app
// has a pool and a LISTEN connection of its own; on PGlite both share the process's database, each with
// its own account cache and streams. Changes are always made through the first (docs/decisions/0060).
let first: TestApp;
let second: App;
let closeSecondDatabase: () => Promise<void> = async () => undefined;
let admin: ReturnType<typeof apiAs>;
let operatorDesk: ReturnType<typeof apiAs>;

beforeAll(async () => {
  first = await createTestApp();
  const secondDatabase = first.database.url
    ? await openDatabase({ databaseUrl: first.database.url })
    : undefined;
  if (secondDatabase) closeSecondDatabase = () => secondDatabase.close();
  second = await buildApp({ config: testConfig(), db: secondDatabase?.db ?? first.database.db });
  await seedRegions(first.app.db);
  await first.app.listen({ port: 0, host: '127.0.0.1' });
  await second.listen({ port: 0, host: '127.0.0.1' });
  const staff = async (role: 'operator' | 'admin') =>
    apiAs(first.app, await signInAs(first.app, await createUser(first.app, { role }), { tfaPassed: true }));
  admin = await staff('admin');
  operatorDesk = await staff('operator');
});
afterAll(async () => {
  await second?.close();
  await closeSecondDatabase();
  await first?.close();
});

// Well under the cache's five seconds: passing proves the announcement, not the expiry.
const atOnce = { timeout: 1_000, interval: 20 };
const withinSeconds = { timeout: 3_000, interval: 20 };

async function blacklist(userId: string) {
  const answer = await operatorDesk.send('POST', `/api/admin/users/${userId}/blacklist`);
  expect(answer.statusCode, answer.body).toBe(200);
}

async function demote(userId: string) {
  const answer = await admin.send('POST', `/api/admin/staff/${userId}/role`, { role: 'shopper' });
  expect(answer.statusCode, answer.body).toBe(200);
}

const baseOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** What the reads a signed-in page makes answer through `app` for the browser sending `cookie`. */
async function readsThrough(app: App, cookie: string) {
  const read = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode;
  return {
    cart: await read('/api/cart'),
    addresses: await read('/api/address'),
    me: await read('/api/auth/me'),
  };
}
const served = { cart: 200, addresses: 200, me: 200 };
const refused = { cart: 401, addresses: 401, me: 401 };

async function expectServedThroughSecond(cookie: string) {
  expect(await readsThrough(second, cookie)).toEqual(served);
}

async function expectRefusedThroughSecondAtOnce(cookie: string) {
  await vi.waitFor(async () => expect(await readsThrough(second, cookie)).toEqual(refused), atOnce);
}

describe('a revocation made through one process reaches the account cache of another at once', () => {
  it('blacklisting ends the shopper’s reads', async () => {
    const shopper = await createUser(first.app);
    const session = await signInAs(first.app, shopper);
    await expectServedThroughSecond(session.cookie);
    // A change behind the cache's back is not seen: the second process really answers from its cache.
    await first.app.db.update(users).set({ blacklistedAt: new Date() }).where(eq(users.id, shopper.id));
    await expectServedThroughSecond(session.cookie);

    await blacklist(shopper.id);
    await expectRefusedThroughSecondAtOnce(session.cookie);
  });

  it('a password change ends the reads of the other sessions and keeps the changer’s', async () => {
    const shopper = await createUserWithPassword(first.app);
    const changer = await browserSignedInAs(first.app, shopper.email);
    const other = await signInAs(first.app, shopper);
    await expectServedThroughSecond(other.cookie);

    const change = await changer.post('/api/auth/changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'Changed-456',
    });
    expect(change.statusCode, change.body).toBe(200);
    await expectRefusedThroughSecondAtOnce(other.cookie);
    expect(await readsThrough(second, changer.cookieHeader('/api/'))).toEqual(served);
  });

  it('a password reset ends the reads of every session', async () => {
    const shopper = await createUserWithPassword(first.app);
    const sessionsOfShopper = [await signInAs(first.app, shopper), await signInAs(first.app, shopper)];
    for (const session of sessionsOfShopper) await expectServedThroughSecond(session.cookie);

    const browser = await TestBrowser.open(first.app, nextIp());
    expect((await browser.post('/api/auth/forgotPassword', { email: shopper.email })).statusCode).toBe(200);
    const reset = await browser.post('/api/auth/resetPassword', {
      uid: shopper.id,
      resetPasswordToken: await linkParamFor(first.app, shopper.email, 'token'),
      password: 'Reset-789',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const session of sessionsOfShopper) await expectRefusedThroughSecondAtOnce(session.cookie);
  });

  it('signing out ends the reads of that session only', async () => {
    const shopper = await createUser(first.app);
    const leaving = await signInAs(first.app, shopper);
    const staying = await signInAs(first.app, shopper);
    await expectServedThroughSecond(leaving.cookie);
    await expectServedThroughSecond(staying.cookie);

    expect((await apiAs(first.app, leaving).send('DELETE', '/api/auth/logout')).statusCode).toBe(204);
    await expectRefusedThroughSecondAtOnce(leaving.cookie);
    await expectServedThroughSecond(staying.cookie);
  });

  it('taking the staff role away ends the back-office reads', async () => {
    const operator = await createUser(first.app, { role: 'operator' });
    const session = await signInAs(first.app, operator, { tfaPassed: true });
    const order = await placeOrder(first.app.db, (await createUser(first.app)).id, { method: 'paynow' });
    const timeline = () =>
      second.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}/timeline`,
        headers: { cookie: session.cookie },
      });
    expect((await timeline()).statusCode).toBe(200);

    await demote(operator.id);
    await vi.waitFor(async () => expect((await timeline()).statusCode).toBe(403), atOnce);
    expect(await readsThrough(second, session.cookie)).toEqual(served);
  });
});

const processes = [
  { where: 'in the process that made the change', app: () => first.app },
  { where: 'in another process', app: () => second },
];

describe.each(processes)('a revocation ends the open streams it takes the right from, $where', ({ app }) => {
  it('ends a demoted operator’s back-office chat stream, and the reconnection is refused', async () => {
    const operator = await createUser(first.app, { role: 'operator' });
    const session = await signInAs(first.app, operator, { tfaPassed: true });
    const shoppersOrder = await placeOrder(first.app.db, (await createUser(first.app)).id, {
      method: 'paynow',
    });
    const ownOrder = await placeOrder(first.app.db, operator.id, { method: 'paynow' });
    const deskUrl = `${baseOf(app())}/api/admin/orders/${shoppersOrder.id}/live`;
    const deskStream = await openStream(deskUrl, { cookie: session.cookie });
    const ownStream = await openStream(`${baseOf(app())}/api/order/${ownOrder.id}/live`, {
      cookie: session.cookie,
    });
    expect(deskStream.response.status).toBe(200);
    expect(ownStream.response.status).toBe(200);

    await demote(operator.id);
    await vi.waitFor(() => expect(deskStream.ended).toBe(true), withinSeconds);

    const reconnection = await openStream(deskUrl, { cookie: session.cookie });
    expect(reconnection.response.status).toBe(403);
    await reconnection.finished;

    // Their own order is still theirs to watch as a shopper.
    expect(ownStream.ended).toBe(false);
    await operatorDesk.send('POST', `/api/admin/orders/${ownOrder.id}/messages`, { message: 'Still here' });
    await ownStream.waitFor((events) => events.some((event) => event.data?.includes('Still here')), 'it');
    await ownStream.close();
  });

  it('ends a blacklisted shopper’s order stream, and the reconnection is refused', async () => {
    const shopper = await createUser(first.app);
    const session = await signInAs(first.app, shopper);
    const order = await placeOrder(first.app.db, shopper.id, { method: 'paynow' });
    const url = `${baseOf(app())}/api/order/${order.id}/live`;
    const stream = await openStream(url, { cookie: session.cookie });
    expect(stream.response.status).toBe(200);

    await blacklist(shopper.id);
    await vi.waitFor(() => expect(stream.ended).toBe(true), withinSeconds);

    const reconnection = await openStream(url, { cookie: session.cookie });
    expect(reconnection.response.status).toBe(401);
    await reconnection.finished;
  });

  it('ends the streams of the sessions a password change signs out, and keeps the changer’s', async () => {
    const shopper = await createUserWithPassword(first.app);
    const changer = await browserSignedInAs(first.app, shopper.email);
    const other = await signInAs(first.app, shopper);
    const order = await placeOrder(first.app.db, shopper.id, { method: 'paynow' });
    const url = `${baseOf(app())}/api/order/${order.id}/live`;
    const changersStream = await openStream(url, { cookie: changer.cookieHeader('/api/') });
    const otherStream = await openStream(url, { cookie: other.cookie });

    const change = await changer.post('/api/auth/changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'Changed-456',
    });
    expect(change.statusCode, change.body).toBe(200);
    await vi.waitFor(() => expect(otherStream.ended).toBe(true), withinSeconds);

    expect(changersStream.ended).toBe(false);
    await operatorDesk.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'Noted' });
    await changersStream.waitFor((events) => events.some((event) => event.data?.includes('Noted')), 'it');
    await changersStream.close();
  });
});

describe('signing out elsewhere', () => {
  it('ends the reads and streams of the other sessions in every process, and keeps the asking one', async () => {
    const shopper = await createUserWithPassword(first.app);
    const asking = await browserSignedInAs(first.app, shopper.email);
    const lostPhone = await signInAs(first.app, shopper);
    const order = await placeOrder(first.app.db, shopper.id, { method: 'paynow' });
    const url = `${baseOf(second)}/api/order/${order.id}/live`;
    const askingStream = await openStream(url, { cookie: asking.cookieHeader('/api/') });
    const lostPhoneStream = await openStream(url, { cookie: lostPhone.cookie });
    await expectServedThroughSecond(lostPhone.cookie);

    const answer = await asking.post('/api/auth/signOutElsewhere');
    expect(answer.statusCode, answer.body).toBe(200);
    await expectRefusedThroughSecondAtOnce(lostPhone.cookie);
    await vi.waitFor(() => expect(lostPhoneStream.ended).toBe(true), withinSeconds);

    expect(askingStream.ended).toBe(false);
    expect(await readsThrough(second, asking.cookieHeader('/api/'))).toEqual(served);
    await askingStream.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('after the live bus lost its connection (PostgreSQL)', () => {
  it('a process forgets every account it cached and checks every open stream again', async () => {
    const shopper = await createUser(first.app);
    const session = await signInAs(first.app, shopper);
    const order = await placeOrder(first.app.db, shopper.id, { method: 'paynow' });
    const stream = await openStream(`${baseOf(second)}/api/order/${order.id}/live`, {
      cookie: session.cookie,
    });
    const cachedAt = Date.now();
    await expectServedThroughSecond(session.cookie);

    // Revoked without an announcement, as if it had been made while the second process was not listening.
    await first.app.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(sessions.id, session.sessionId));
    await expectServedThroughSecond(session.cookie);
    expect(stream.ended).toBe(false);

    // The server ends the listening connections, as a restart or failover would; the buses reconnect.
    await first.app.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(stream.ended).toBe(true), withinSeconds);
    expect(await readsThrough(second, session.cookie)).toEqual(refused);
    expect(Date.now() - cachedAt).toBeLessThan(ACCOUNT_CACHE_TTL_MS);
  });
});

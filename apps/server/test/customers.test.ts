import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/features/addresses/addresses.table.js';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { orders } from '../src/features/orders/orders.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Listed = {
  id: string;
  email: string;
  name: string;
  status: string;
  orderCount: number;
  lastOrderAt: string | null;
};

describe("the store's customers", () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;
  let operatorId: string;
  const people: Record<string, { id: string; email: string }> = {};

  const emailsOf = async (query: string) => {
    const answer = await desk.get(`/api/admin/customers${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().customers as Listed[]).map((customer) => customer.email);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator', email: 'ops@crossbuy.example' });
    operatorId = operator.id;
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const at = (day: string) => new Date(`2026-11-${day}T09:00:00Z`);
    people.mei = await createUser(harness.app, {
      email: 'mei.tan@example.com',
      firstName: 'Mei',
      lastName: 'Tan',
      phoneNumber: '+6591234567',
      createdAt: at('01'),
    });
    people.kenji = await createUser(harness.app, {
      email: 'k_sato@example.jp',
      firstName: 'Kenji',
      lastName: 'Sato',
      phoneNumber: '+819012345678',
      createdAt: at('02'),
    });
    people.percent = await createUser(harness.app, {
      email: 'ksxsato@example.jp',
      firstName: '100%',
      lastName: 'Real',
      emailVerifiedAt: null,
      createdAt: at('03'),
    });
    people.banned = await createUser(harness.app, {
      email: 'banned@example.com',
      firstName: 'Bob',
      lastName: 'Banned',
      blacklistedAt: at('05'),
      createdAt: at('04'),
    });
    const mine = await placeOrder(harness.app.db, people.mei.id, { method: 'card' });
    await harness.app.db
      .update(orders)
      .set({ placedAt: at('10') })
      .where(eq(orders.id, mine.id));
    const later = await placeOrder(harness.app.db, people.mei.id, { method: 'paynow' });
    await harness.app.db
      .update(orders)
      .set({ placedAt: at('12') })
      .where(eq(orders.id, later.id));
  });
  afterAll(() => harness?.close());

  it('lists shoppers only, newest first, with their order count and last order', async () => {
    const answer = await desk.get('/api/admin/customers');
    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    expect(page).toMatchObject({ page: 1, limit: 20, total: 4 });
    expect(page.customers.map((customer: Listed) => customer.email)).toEqual([
      'banned@example.com',
      'ksxsato@example.jp',
      'k_sato@example.jp',
      'mei.tan@example.com',
    ]);
    expect(page.customers[3]).toMatchObject({
      id: people.mei?.id,
      name: 'Mei Tan',
      phoneNumber: '+6591234567',
      status: 'active',
      orderCount: 2,
      lastOrderAt: '2026-11-12T09:00:00.000Z',
    });
    expect(page.customers[2]).toMatchObject({ orderCount: 0, lastOrderAt: null });
  });

  it('finds a customer by part of their email, name or phone number, in any case', async () => {
    expect(await emailsOf('?q=MEI.TAN')).toEqual(['mei.tan@example.com']);
    expect(await emailsOf('?q=kenji%20sato')).toEqual(['k_sato@example.jp']);
    expect(await emailsOf('?q=9012345')).toEqual(['k_sato@example.jp']);
    expect(await emailsOf('?q=%20%20tan%20')).toEqual(['mei.tan@example.com']);
    expect(await emailsOf('?q=nobody')).toEqual([]);
  });

  it('takes %, _ and \\ in the search literally', async () => {
    expect(await emailsOf('?q=k_sato')).toEqual(['k_sato@example.jp']);
    expect(await emailsOf('?q=100%25')).toEqual(['ksxsato@example.jp']);
    expect(await emailsOf('?q=%25')).toEqual(['ksxsato@example.jp']);
    expect(await emailsOf('?q=%5C')).toEqual([]);
  });

  it('filters by status: blacklisted, unverified or active', async () => {
    expect(await emailsOf('?status=blacklisted')).toEqual(['banned@example.com']);
    expect(await emailsOf('?status=unverified')).toEqual(['ksxsato@example.jp']);
    expect(await emailsOf('?status=active')).toEqual(['k_sato@example.jp', 'mei.tan@example.com']);
    expect(await emailsOf('?status=active&q=sato')).toEqual(['k_sato@example.jp']);
  });

  it('pages', async () => {
    const second = (await desk.get('/api/admin/customers?limit=3&page=2')).json();
    expect(second).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(second.customers.map((customer: Listed) => customer.email)).toEqual(['mei.tan@example.com']);
  });

  it('refuses a bad query with a catalogue code', async () => {
    for (const query of ['status=staff', 'limit=51', 'page=0', 'page=x', `q=${'x'.repeat(101)}`, 'q=a%00b']) {
      const answer = await desk.get(`/api/admin/customers?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(errorCode(answer), query).toMatch(/^general\//);
    }
  });

  it("opens a customer's page: profile without secrets, addresses, orders and quotations", async () => {
    const mei = people.mei as { id: string };
    await harness.app.db.insert(addresses).values({
      userId: mei.id,
      fullName: 'Mei Tan',
      phoneNumber: '+6591234567',
      address: '1 Orchard Road',
      postalCode: '238801',
      country: 'SG',
      main: true,
    });
    await harness.app.db.insert(quotationItems).values({
      userId: mei.id,
      productSource: 'e',
      productUrl: 'https://shop.example/p/1',
      name: 'Rice cooker',
      quantity: 1,
    });
    const answer = await desk.get(`/api/admin/customers/${mei.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { customer } = answer.json();
    expect(customer).toMatchObject({
      id: mei.id,
      email: 'mei.tan@example.com',
      status: 'active',
      emailVerified: true,
      blacklisting: null,
      orderCount: 2,
      quotationCount: 1,
      addresses: [{ address: '1 Orchard Road', main: true }],
      quotations: [{ name: 'Rice cooker', status: 'pending', productUrl: 'https://shop.example/p/1' }],
    });
    expect(customer.orders.map((order: { placedAt: string }) => order.placedAt)).toEqual([
      '2026-11-12T09:00:00.000Z',
      '2026-11-10T09:00:00.000Z',
    ]);
    expect(answer.body).not.toMatch(/password|tfaSecret|tfa_secret|not-a-usable-hash|tfaLastTimeStep/i);
  });

  it('names who blacklisted a customer and when, from the audit log', async () => {
    const shopper = await createUser(harness.app, { email: 'to-blacklist@example.com' });
    expect((await desk.send('POST', `/api/admin/users/${shopper.id}/blacklist`)).statusCode).toBe(200);
    // A second blacklisting keeps the first time and its author.
    expect((await desk.send('POST', `/api/admin/users/${shopper.id}/blacklist`)).statusCode).toBe(200);
    const { customer } = (await desk.get(`/api/admin/customers/${shopper.id}`)).json();
    expect(customer.status).toBe('blacklisted');
    expect(customer.blacklisting).toMatchObject({ by: { id: operatorId, email: 'ops@crossbuy.example' } });
    const [entry] = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, shopper.id), eq(auditEntries.action, 'user.blacklist')))
      .limit(1);
    expect(customer.blacklisting.at).toBe(entry?.after?.blacklistedAt);
  });

  it('answers 404 for unknown, malformed and staff ids', async () => {
    for (const id of ['9d7a4a52-7a65-4b9a-9d7e-0f1f5d0c7a11', 'nope', operatorId]) {
      const answer = await desk.get(`/api/admin/customers/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(errorCode(answer)).toBe('user/not_found');
    }
  });

  it('is for staff only', async () => {
    const shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    const refused = await shopper.get('/api/admin/customers');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/not_authorized');
    expect((await shopper.get(`/api/admin/customers/${people.mei?.id}`)).statusCode).toBe(403);
    const visitor = await harness.app.inject({ method: 'GET', url: '/api/admin/customers' });
    expect(visitor.statusCode).toBe(401);
  });
});

import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import {
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_PAGE_SIZE,
  orderExportCsv,
} from '../src/features/orders/order-export.js';
import { payments } from '../src/features/orders/order-ledger.table.js';
import { orders } from '../src/features/orders/orders.table.js';
import { users } from '../src/features/users/users.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Line = Record<(typeof ORDER_EXPORT_COLUMNS)[number], string>;

const linesOf = (text: string): Line[] => parse(text, { columns: true, bom: true }) as Line[];

describe('the order export', () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;
  let operatorId: string;
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    harness = await createTestApp();
    const { db } = harness.app;
    await seedRegions(db);
    const operator = await createUser(harness.app, { role: 'operator' });
    operatorId = operator.id;
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const mei = await createUser(harness.app, {
      firstName: 'Mei',
      lastName: 'Tan',
      email: 'mei@example.com',
    });
    const mallory = await createUser(harness.app, {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'Doe, "Jr"',
      email: 'mallory@example.com',
    });

    const paid = await placeOrder(db, mei.id, { method: 'card', totalMinor: 11_990 });
    await db
      .update(orders)
      .set({
        placedAt: new Date('2026-11-10T16:30:00Z'), // 00:30 on the 11th in Singapore
        status: 'paid',
        subtotalMinor: 10_000,
        discountMinor: 500,
        shippingFeeMinor: 1_500,
        paymentFeeMinor: 90,
        taxMinor: 900,
        totalMinor: 11_990,
      })
      .where(eq(orders.id, paid.id));
    await db.insert(payments).values({
      orderId: paid.id,
      method: 'card',
      status: 'succeeded',
      amountMinor: 11_990,
      currency: 'SGD',
      refundedMinor: 2_000,
    });
    const yen = await placeOrder(db, mallory.id, {
      method: 'card',
      totalMinor: 12_000,
      currency: 'JPY',
      region: 'JP',
    });
    await db
      .update(orders)
      .set({ placedAt: new Date('2026-11-12T03:00:00Z') })
      .where(eq(orders.id, yen.id));
    const before = await placeOrder(db, mei.id, { method: 'paynow' });
    await db
      .update(orders)
      .set({ placedAt: new Date('2026-11-10T15:59:59Z'), status: 'cancelled' }) // 23:59:59 on the 10th
      .where(eq(orders.id, before.id));
    refs.paid = paid.orderRef;
    refs.yen = yen.orderRef;
    refs.before = before.orderRef;
  });
  afterAll(() => harness?.close());

  it('writes one line per order, oldest first, amounts as decimals in the order’s currency', async () => {
    const answer = await desk.get('/api/admin/orders/export?placedFrom=2026-11-11&placedTo=2026-11-12');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-11-to-2026-11-12.csv"',
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.startsWith(`\uFEFF${ORDER_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const lines = linesOf(answer.body);
    expect(lines.map((line) => line.reference)).toEqual([refs.paid, refs.yen]);
    expect(lines[0]).toEqual({
      reference: refs.paid,
      placed_at_singapore: '2026-11-11 00:30:00',
      status: 'paid',
      customer_name: 'Mei Tan',
      customer_email: 'mei@example.com',
      currency: 'SGD',
      subtotal: '100.00',
      discount: '5.00',
      shipping: '15.00',
      payment_fee: '0.90',
      tax: '9.00',
      tax_included: 'no',
      total: '119.90',
      paid: '119.90',
      refunded: '20.00',
      net: '99.90',
      payment_method: 'card',
    });
    expect(lines[1]).toMatchObject({ currency: 'JPY', total: '12000', paid: '0', net: '0' });
  });

  it('quotes what needs quoting and keeps a formula from running in a spreadsheet', async () => {
    const answer = await desk.get('/api/admin/orders/export?q=mallory');
    expect(answer.body).toContain(`,"'=HYPERLINK(""http://evil.example"") Doe, ""Jr""",`);
    expect(linesOf(answer.body)[0]?.customer_name).toBe(`'=HYPERLINK("http://evil.example") Doe, "Jr"`);
  });

  it('takes the desk’s filters: status, payment method, store days, search', async () => {
    const refsOf = async (query: string) =>
      linesOf((await desk.get(`/api/admin/orders/export${query}`)).body).map((line) => line.reference);
    expect(await refsOf('?status=cancelled')).toEqual([refs.before]);
    expect(await refsOf('?paymentMethod=paynow')).toEqual([refs.before]);
    expect(await refsOf('?placedTo=2026-11-10')).toEqual([refs.before]);
    expect(await refsOf(`?q=${refs.yen}`)).toEqual([refs.yen]);
    expect(await refsOf('?status=shipped')).toEqual([]);
  });

  it('is written to the audit log with its filters', async () => {
    await desk.get('/api/admin/orders/export?status=paid&placedFrom=2026-11-01');
    const [entry] = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'order.export'), eq(auditEntries.actorUserId, operatorId)))
      .orderBy(sql`${auditEntries.createdAt} DESC`)
      .limit(1);
    expect(entry?.after).toEqual({ filters: { status: 'paid', placedFrom: '2026-11-01' } });
  });

  it('refuses filters it cannot read, and callers who may not see orders', async () => {
    for (const query of [
      'status=lost',
      'placedFrom=2026-13-01',
      'placedTo=yesterday',
      `q=${'x'.repeat(101)}`,
    ]) {
      const answer = await desk.get(`/api/admin/orders/export?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
    const shopper = await createUser(harness.app);
    const asShopper = apiAs(harness.app, await signInAs(harness.app, shopper, { tfaPassed: true }));
    const refused = await asShopper.get('/api/admin/orders/export');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/not_authorized');
    const visitor = await harness.app.inject({ method: 'GET', url: '/api/admin/orders/export' });
    expect(visitor.statusCode).toBe(401);
    const unverified = await createUser(harness.app, { role: 'operator' });
    const withoutTfa = apiAs(harness.app, await signInAs(harness.app, unverified));
    expect((await withoutTfa.get('/api/admin/orders/export')).statusCode).toBe(403);
  });

  it('reads a large export a page at a time, never the whole result at once', async () => {
    const { db } = harness.app;
    const [shopper] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'mei@example.com'));
    const count = ORDER_EXPORT_PAGE_SIZE * 4 + 7;
    await db.execute(sql`
      INSERT INTO orders (order_ref, user_id, region_country_code, currency, subtotal_minor, total_minor,
                          payment_method, shipping_address, billing_address, payment_due_at, placed_at)
      SELECT 'CB-B' || lpad(n::text, 7, '0'), ${shopper?.id}::uuid, 'SG', 'SGD', 1000, 1000, 'card',
             '{}'::jsonb, '{}'::jsonb, now() + interval '1 day',
             -- Many orders share a placing time, to the microsecond: the pages must still not skip or repeat.
             timestamptz '2025-01-01 00:00:00.123456+00' + ((n / 3) * interval '1 second')
        FROM generate_series(1, ${count}) AS n`);

    const chunks: string[] = [];
    const export_ = orderExportCsv(db, { placedTo: '2025-12-31' });
    for await (const chunk of export_) {
      chunks.push(chunk);
      // An order placed while the export runs, after the pages read so far, is in a later page: the
      // pages are read as the file is written, not gathered first.
      if (chunks.length === 2) {
        await db.execute(sql`
          INSERT INTO orders (order_ref, user_id, region_country_code, currency, subtotal_minor, total_minor,
                              payment_method, shipping_address, billing_address, payment_due_at, placed_at)
          VALUES ('CB-LATE0001', ${shopper?.id}::uuid, 'SG', 'SGD', 1, 1, 'card', '{}'::jsonb, '{}'::jsonb,
                  now() + interval '1 day', timestamptz '2025-06-01 00:00:00+00')`);
      }
    }
    // The header, then one chunk per page of at most a page of lines.
    expect(chunks.length).toBe(1 + 5);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.split('\r\n').length - 1).toBeLessThanOrEqual(ORDER_EXPORT_PAGE_SIZE);
    }
    const references = linesOf(chunks.join('')).map((line) => line.reference);
    expect(references).toHaveLength(count + 1);
    expect(new Set(references).size).toBe(count + 1);
    expect(references.at(-1)).toBe('CB-LATE0001');
  });
});

import { storeDayOf } from '@crossbuy/core/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDashboard } from '../src/features/dashboard/dashboard.service.js';
import { orderRefunds, payments } from '../src/features/orders/order-ledger.table.js';
import { orders } from '../src/features/orders/orders.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { addResolvedQuotation } from './helpers/checkout-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Day = { date: string; orders: number; revenue: { amountMinor: number; currency: string }[] };

describe('the back-office dashboard', () => {
  let harness: TestApp;
  let shopper: { id: string };

  const orderAt = async (
    placedAt: Date,
    options: {
      status?: 'pending_payment' | 'paid' | 'processing' | 'shipped' | 'cancelled';
      paid?: boolean;
      totalMinor?: number;
      currency?: 'SGD' | 'USD';
    } = {},
  ) => {
    const order = await placeOrder(harness.app.db, shopper.id, {
      method: 'card',
      totalMinor: options.totalMinor ?? 1000,
      currency: options.currency ?? 'SGD',
    });
    await harness.app.db
      .update(orders)
      .set({
        placedAt,
        status: options.status ?? 'pending_payment',
        paidAt: options.paid ? placedAt : null,
      })
      .where(eq(orders.id, order.id));
    return order;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    shopper = await createUser(harness.app);
  });
  afterAll(() => harness?.close());

  it('splits days at midnight in Singapore, not in UTC', async () => {
    // 23:30 on 1 March in Singapore is 15:30 UTC; Singapore's 2 March starts at 16:00 UTC.
    await orderAt(new Date('2026-03-01T15:30:00Z'), { status: 'paid', paid: true, totalMinor: 2500 });
    const beforeMidnight = await storeDashboard(harness.app.db, new Date('2026-03-01T15:59:59Z'));
    expect(beforeMidnight.timeZone).toBe('Asia/Singapore');
    expect(beforeMidnight.today).toEqual({
      date: '2026-03-01',
      orders: 1,
      revenue: [{ amountMinor: 2500, currency: 'SGD' }],
    });
    const afterMidnight = await storeDashboard(harness.app.db, new Date('2026-03-01T16:00:00Z'));
    expect(afterMidnight.today).toEqual({ date: '2026-03-02', orders: 0, revenue: [] });
    expect(afterMidnight.days.at(-2)).toEqual(beforeMidnight.today);
  });

  it('counts revenue net of the refunds given, on the day the order was placed', async () => {
    const placedAt = new Date('2026-04-10T03:00:00Z');
    const refund = async (order: { id: string }, paidMinor: number, given: [string, number][]) => {
      const [payment] = await harness.app.db
        .insert(payments)
        .values({
          orderId: order.id,
          method: 'card',
          status: 'succeeded',
          amountMinor: paidMinor,
          currency: 'SGD',
        })
        .returning();
      for (const [status, amountMinor] of given) {
        await harness.app.db.insert(orderRefunds).values({
          orderId: order.id,
          paymentId: payment?.id as string,
          method: 'card',
          status: status as 'pending' | 'succeeded' | 'failed',
          amountMinor,
          currency: 'SGD',
          reason: 'Damaged in transit',
        });
      }
    };
    const partly = await orderAt(placedAt, { status: 'shipped', paid: true, totalMinor: 10_000 });
    await refund(partly, 10_000, [
      ['succeeded', 2_500],
      ['succeeded', 1_234],
      // Not given back (yet): a refund the provider refused, and one it has not answered.
      ['failed', 1_000],
      ['pending', 500],
    ]);
    const wholly = await orderAt(placedAt, { status: 'shipped', paid: true, totalMinor: 4_000 });
    await refund(wholly, 4_000, [['succeeded', 4_000]]);
    const cancelled = await orderAt(placedAt, { status: 'cancelled', paid: true, totalMinor: 3_000 });
    await refund(cancelled, 3_000, [['succeeded', 3_000]]);
    await orderAt(placedAt, { status: 'shipped', paid: true, totalMinor: 999, currency: 'USD' });

    // The refund is given a week later; it still counts against the day the order was placed.
    const dashboard = await storeDashboard(harness.app.db, new Date('2026-04-17T03:00:00Z'));
    expect(dashboard.days.find((day) => day.date === '2026-04-10')).toEqual({
      date: '2026-04-10',
      orders: 4,
      revenue: [
        { amountMinor: 10_000 - 2_500 - 1_234, currency: 'SGD' },
        { amountMinor: 999, currency: 'USD' },
      ],
    });
  });

  it('answers 30 days, oldest first, with the days without orders as zeros', async () => {
    const dashboard = await storeDashboard(harness.app.db, new Date('2026-03-20T04:00:00Z'));
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]?.date).toBe('2026-02-19');
    expect(dashboard.days.at(-1)?.date).toBe('2026-03-20');
    const withOrders = dashboard.days.filter((day) => day.orders > 0);
    expect(withOrders.map((day) => day.date)).toEqual(['2026-03-01']);
    expect(dashboard.days.find((day) => day.date === '2026-02-28')).toEqual({
      date: '2026-02-28',
      orders: 0,
      revenue: [],
    });
  });

  it("counts today's orders and the revenue of the paid ones per currency, and what waits for the staff", async () => {
    const now = new Date();
    const midnight = new Date(`${storeDayOf(now)}T00:00:00+08:00`);
    await orderAt(new Date(midnight.getTime() - 1000), { status: 'paid', paid: true, totalMinor: 7000 });
    await orderAt(midnight, { status: 'paid', paid: true, totalMinor: 1200 });
    await orderAt(midnight, { status: 'processing', paid: true, totalMinor: 800 });
    await orderAt(midnight, { status: 'shipped', paid: true, totalMinor: 999, currency: 'USD' });
    const unpaid = await orderAt(midnight, { status: 'pending_payment' });
    await orderAt(midnight, { status: 'cancelled', paid: true, totalMinor: 5000 });
    await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
    await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
    await addResolvedQuotation(harness.app.db, shopper.id, { SG: { amountMinor: 100, currency: 'SGD' } });
    // Two unread shopper messages on one order make one chat; a chat the store answered is read.
    const asShopper = apiAs(harness.app, await signInAs(harness.app, shopper as never));
    const answered = await orderAt(midnight, { status: 'paid', paid: true, totalMinor: 1 });
    for (const [orderId, message] of [
      [unpaid.id, 'Is it in stock?'],
      [unpaid.id, 'Hello?'],
      [answered.id, 'Thanks'],
    ] as const) {
      const sent = await asShopper.send('POST', `/api/order/${orderId}/messages`, { message });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
    }
    const operator = await createUser(harness.app, { role: 'operator' });
    const desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const reply = await desk.send('POST', `/api/admin/orders/${answered.id}/messages`, {
      message: 'Welcome',
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const answer = await desk.get('/api/admin/dashboard');
    expect(answer.statusCode, answer.body).toBe(200);
    const dashboard = answer.json();
    expect(dashboard.today).toEqual({
      date: storeDayOf(now),
      orders: 6,
      revenue: [
        { amountMinor: 1200 + 800 + 1, currency: 'SGD' },
        { amountMinor: 999, currency: 'USD' },
      ],
    });
    expect(dashboard.days.at(-2).revenue).toContainEqual({ amountMinor: 7000, currency: 'SGD' });
    expect(dashboard.pendingQuotations).toBe(2);
    expect(dashboard.unreadChats).toBe(1);
    // Whatever day they were placed: March's, yesterday's and two of today's.
    expect(dashboard.awaitingShipment).toEqual({ paid: 4, processing: 1 });
    expect((dashboard.days as Day[]).every((day) => day.date <= storeDayOf(now))).toBe(true);
  });

  it('is for staff: a visitor is asked to sign in and a shopper refused', async () => {
    const visitor = await harness.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(visitor.statusCode).toBe(401);
    const asShopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    const refused = await asShopper.get('/api/admin/dashboard');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/not_authorized');
  });
});

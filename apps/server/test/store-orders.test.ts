import { storeDayOf } from '@crossbuy/core/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { storeDashboard } from '../src/features/dashboard/dashboard.service.js';
import { notifications } from '../src/features/notifications/notifications.table.js';
import { orderEvents, orderMessages, orders } from '../src/features/orders/orders.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Listed = { orderRef: string; customer: { email: string; name: string }; unreadMessages: number };

describe("the store's order desk", () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;
  const placed: Record<string, { id: string; orderRef: string }> = {};
  let kenji: { id: string; email: string };

  /** An order of `user` placed at `placedAt`, by `method`, in `status`. */
  const orderOf = async (
    user: { id: string },
    placedAt: string,
    method: 'card' | 'paynow',
    status: 'pending_payment' | 'paid' | 'shipped' = 'pending_payment',
  ) => {
    const order = await placeOrder(harness.app.db, user.id, { method });
    await harness.app.db
      .update(orders)
      .set({ placedAt: new Date(placedAt), status })
      .where(eq(orders.id, order.id));
    return order;
  };
  const refsOf = async (query: string) => {
    const answer = await desk.get(`/api/admin/orders${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().orders as Listed[]).map((order) => order.orderRef);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const mei = await createUser(harness.app, {
      firstName: 'Mei',
      lastName: 'Tan',
      email: 'mei.tan@example.com',
    });
    kenji = await createUser(harness.app, {
      firstName: 'Kenji',
      lastName: 'Sato',
      email: 'k_sato@example.jp',
    });
    placed.oldest = await orderOf(mei, '2026-11-01T10:00:00Z', 'paynow', 'paid');
    // 00:30 on 11 November in Singapore, still 10 November in UTC: the store day is Singapore's.
    placed.middle = await orderOf(kenji, '2026-11-10T16:30:00Z', 'card', 'shipped');
    placed.newest = await orderOf(mei, '2026-11-20T00:00:00Z', 'card');
  });
  afterAll(() => harness?.close());

  it("lists every shopper's orders newest first, with the customer of each", async () => {
    const answer = await desk.get('/api/admin/orders');
    const { orders: listed, total } = answer.json();
    expect(total).toBe(3);
    expect(listed.map((order: Listed) => order.orderRef)).toEqual([
      placed.newest?.orderRef,
      placed.middle?.orderRef,
      placed.oldest?.orderRef,
    ]);
    expect(listed[1]).toMatchObject({
      status: 'shipped',
      paymentMethod: 'card',
      customer: { id: kenji.id, email: 'k_sato@example.jp', name: 'Kenji Sato' },
    });
  });

  it('narrows by status, payment method and the store days placed, inclusive', async () => {
    expect(await refsOf('?status=paid')).toEqual([placed.oldest?.orderRef]);
    expect(await refsOf('?paymentMethod=card')).toEqual([placed.newest?.orderRef, placed.middle?.orderRef]);
    expect(await refsOf('?placedFrom=2026-11-11&placedTo=2026-11-11')).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?placedFrom=2026-11-10&placedTo=2026-11-10')).toEqual([]);
    expect(await refsOf('?placedFrom=2026-11-12')).toEqual([placed.newest?.orderRef]);
    expect(await refsOf('?placedTo=2026-11-10')).toEqual([placed.oldest?.orderRef]);
    expect(await refsOf('?status=cancelled')).toEqual([]);
  });

  it('splits the days at midnight in Singapore, where the dashboard splits them', async () => {
    const shopper = await createUser(harness.app);
    const lastSecond = await orderOf(shopper, '2026-06-14T15:59:59Z', 'card');
    const firstSecond = await orderOf(shopper, '2026-06-14T16:00:00Z', 'card');
    expect(storeDayOf(new Date('2026-06-14T15:59:59Z'))).toBe('2026-06-14');
    expect(storeDayOf(new Date('2026-06-14T16:00:00Z'))).toBe('2026-06-15');
    expect(await refsOf('?placedFrom=2026-06-14&placedTo=2026-06-14')).toEqual([lastSecond.orderRef]);
    expect(await refsOf('?placedFrom=2026-06-15&placedTo=2026-06-15')).toEqual([firstSecond.orderRef]);
    const dashboard = await storeDashboard(harness.app.db, new Date('2026-06-15T04:00:00Z'));
    expect(dashboard.days.at(-2)).toMatchObject({ date: '2026-06-14', orders: 1 });
    expect(dashboard.today).toMatchObject({ date: '2026-06-15', orders: 1 });
    await harness.app.db.delete(orders).where(eq(orders.userId, shopper.id));
  });

  it("finds orders by reference in any case, and by part of the shopper's email or name, wildcards taken literally", async () => {
    expect(await refsOf(`?q=${placed.middle?.orderRef.toLowerCase()}`)).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?q=MEI.TAN')).toEqual([placed.newest?.orderRef, placed.oldest?.orderRef]);
    expect(await refsOf(`?q=${encodeURIComponent('kenji sa')}`)).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?q=k_sato')).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?q=k%5Fs')).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?q=%25')).toEqual([]);
    expect(await refsOf(`?q=${encodeURIComponent('%tan')}`)).toEqual([]);
  });

  it("counts the shopper's messages the store has not read", async () => {
    const id = placed.middle?.id as string;
    await harness.app.db.insert(orderMessages).values([
      { orderId: id, authorUserId: kenji.id, fromStore: false, body: 'Where is my parcel?' },
      { orderId: id, authorUserId: null, fromStore: true, body: 'On its way.' },
    ]);
    const listed = (await desk.get('/api/admin/orders?q=kenji')).json().orders as Listed[];
    expect(listed.map((order) => order.unreadMessages)).toEqual([1]);
  });

  it('pages, and refuses filters it cannot read', async () => {
    const first = (await desk.get('/api/admin/orders?limit=2')).json();
    const second = (await desk.get('/api/admin/orders?limit=2&page=2')).json();
    expect([...first.orders, ...second.orders].map((order: Listed) => order.orderRef)).toEqual([
      placed.newest?.orderRef,
      placed.middle?.orderRef,
      placed.oldest?.orderRef,
    ]);
    expect(second.total).toBe(3);
    for (const query of [
      'status=lost',
      'paymentMethod=cash',
      'placedFrom=2026-13-01',
      'placedTo=yesterday',
      'limit=51',
      'page=0',
      `q=${'x'.repeat(101)}`,
      'q=a%00b',
    ]) {
      expect((await desk.get(`/api/admin/orders?${query}`)).statusCode, query).toBe(400);
    }
  });

  describe('moving an order on', () => {
    const move = (id: string, body: unknown) => desk.send('POST', `/api/admin/orders/${id}/status`, body);

    it('moves a paid order to processing, then to shipped with its tracking number, tells the shopper and audits each move', async () => {
      const shopper = await createUser(harness.app);
      const order = await orderOf(shopper, '2026-11-21T08:00:00Z', 'paynow', 'paid');

      const processing = await move(order.id, { to: 'processing' });
      expect(processing.statusCode, processing.body).toBe(200);
      expect(processing.json()).toEqual({
        status: 'processing',
        trackingNumber: null,
        carrier: null,
        trackingUrl: null,
      });

      const untracked = await move(order.id, { to: 'shipped', carrier: 'SingPost' });
      expect(untracked.statusCode).toBe(400);
      expect(errorCode(untracked)).toBe('order/invalid_tracking_number');
      expect(
        errorCode(
          await move(order.id, { to: 'shipped', carrier: 'SingPost', trackingNumber: ' '.repeat(3) }),
        ),
      ).toBe('order/invalid_tracking_number');
      expect(errorCode(await move(order.id, { to: 'shipped', trackingNumber: 'SG123456789' }))).toBe(
        'order/invalid_carrier',
      );

      const shipped = await move(order.id, {
        to: 'shipped',
        carrier: 'SingPost',
        trackingNumber: ' SG123456789 ',
      });
      const trackingUrl = 'https://www.singpost.com/track-items?trackingid=SG123456789';
      expect(shipped.json()).toEqual({
        status: 'shipped',
        trackingNumber: 'SG123456789',
        carrier: 'SingPost',
        trackingUrl,
      });
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({
        status: 'shipped',
        trackingNumber: 'SG123456789',
        carrier: 'SingPost',
        trackingUrl,
      });
      expect(row?.shippedAt).toBeInstanceOf(Date);

      const events = await harness.app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'status')));
      expect(events.map((event) => [event.toStatus, event.actor, event.detail])).toEqual([
        ['processing', 'store', {}],
        ['shipped', 'store', { trackingNumber: 'SG123456789', carrier: 'SingPost' }],
      ]);
      const notices = await harness.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, shopper.id));
      expect(notices.map((notice) => [notice.title, notice.body])).toContainEqual([
        `Order ${order.orderRef} is on its way`,
        'Shipped with SingPost. Tracking number SG123456789.',
      ]);
      const audited = await harness.app.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.subjectId, order.id));
      expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'order.move',
          { status: 'paid', trackingNumber: null },
          { status: 'processing', trackingNumber: null },
        ],
        [
          'order.move',
          { status: 'processing', trackingNumber: null, carrier: null },
          { status: 'shipped', trackingNumber: 'SG123456789', carrier: 'SingPost' },
        ],
      ]);
    });

    it("refuses a move the lifecycle does not allow, the moves that are not the desk's to make, and orders that do not exist", async () => {
      const shopper = await createUser(harness.app);
      const unpaid = await orderOf(shopper, '2026-11-21T09:00:00Z', 'card');
      const refused = await move(unpaid.id, { to: 'processing' });
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('order/invalid_transition');
      for (const body of [{ to: 'paid' }, { to: 'cancelled' }, { to: 'lost' }, {}, null, [], 'shipped']) {
        expect((await move(unpaid.id, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const nul = await move(unpaid.id, { to: 'shipped', carrier: 'UPS', trackingNumber: 'SG\u0000123' });
      expect(nul.statusCode).toBe(400);
      expect(errorCode(nul)).toMatch(/^general\//);
      expect(errorCode(await move('9d7a4a52-7a65-4b9a-9d7e-0f1f5d0c7a11', { to: 'processing' }))).toBe(
        'order/not_found',
      );
      expect(errorCode(await move('not-an-id', { to: 'processing' }))).toBe('order/not_found');
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, unpaid.id));
      expect(row?.status).toBe('pending_payment');
      expect(
        await harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, unpaid.id)),
      ).toEqual([]);
    });

    it('moves an order once when 20 operators move it at the same moment', async () => {
      const shopper = await createUser(harness.app);
      const order = await orderOf(shopper, '2026-11-21T10:00:00Z', 'paynow', 'paid');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => move(order.id, { to: 'processing' })),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => errorCode(answer) === 'order/invalid_transition')).toHaveLength(19);
      const audited = await harness.app.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.subjectId, order.id));
      expect(audited).toHaveLength(1);
    });
  });
});

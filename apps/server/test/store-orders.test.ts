import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, orders } from '../src/features/orders/orders.table.js';
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
    placed.middle = await orderOf(kenji, '2026-11-10T23:59:59Z', 'card', 'shipped');
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

  it('narrows by status, payment method and the days placed, in UTC and inclusive', async () => {
    expect(await refsOf('?status=paid')).toEqual([placed.oldest?.orderRef]);
    expect(await refsOf('?paymentMethod=card')).toEqual([placed.newest?.orderRef, placed.middle?.orderRef]);
    expect(await refsOf('?placedFrom=2026-11-10&placedTo=2026-11-10')).toEqual([placed.middle?.orderRef]);
    expect(await refsOf('?placedFrom=2026-11-11')).toEqual([placed.newest?.orderRef]);
    expect(await refsOf('?placedTo=2026-11-09')).toEqual([placed.oldest?.orderRef]);
    expect(await refsOf('?status=cancelled')).toEqual([]);
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
    ]) {
      expect((await desk.get(`/api/admin/orders?${query}`)).statusCode, query).toBe(400);
    }
  });
});

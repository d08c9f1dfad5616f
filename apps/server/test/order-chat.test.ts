import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/features/notifications/notifications.table.js';
import { applyOrderCommand, recordPaymentEvent } from '../src/features/orders/order-lifecycle.js';
import { orders } from '../src/features/orders/orders.table.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { openStream, type StreamEvent } from './helpers/event-stream.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

let harness: TestApp;
let orderCounter = 0;

beforeAll(async () => {
  harness = await createTestApp();
  await seedRegions(harness.app.db);
});
afterAll(async () => harness.close());

const address = {
  fullName: 'Mei Tan',
  phoneNumber: '+6581234567',
  address: '1 Orchard Road',
  unitNumber: '',
  postalCode: '238823',
  state: '',
  city: 'Singapore',
  country: 'SG',
};

async function placedOrder(userId: string) {
  orderCounter += 1;
  const [order] = await harness.app.db
    .insert(orders)
    .values({
      orderRef: `CB-TEST${String(orderCounter).padStart(4, '2')}`,
      userId,
      regionCountryCode: 'SG',
      currency: 'SGD',
      subtotalMinor: 2500,
      totalMinor: 2500,
      paymentMethod: 'paynow',
      shippingAddress: address as never,
      billingAddress: address as never,
      paymentDueAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

async function shopperWithOrder() {
  const user = await createUser(harness.app);
  const session = await signInAs(harness.app, user);
  const order = await placedOrder(user.id);
  return { user, session, api: apiAs(harness.app, session), order };
}

async function operator(role: 'operator' | 'admin' = 'operator') {
  const user = await createUser(harness.app, { role });
  const session = await signInAs(harness.app, user, { tfaPassed: true });
  return { user, session, api: apiAs(harness.app, session) };
}

describe('order chat', () => {
  it('keeps the messages of both sides as plain text, oldest first, paged by cursor', async () => {
    const { api, order } = await shopperWithOrder();
    const store = await operator();
    const first = await api.send('POST', `/api/order/${order.id}/messages`, {
      message: '  <script>alert(1)</script> Is it <b>boxed</b>?  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toMatchObject({
      kind: 'message',
      fromStore: false,
      body: '<script>alert(1)</script> Is it <b>boxed</b>?',
    });
    const reply = await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'Yes.' });
    expect(reply.statusCode, reply.body).toBe(201);

    const all = (await api.get(`/api/order/${order.id}/messages`)).json();
    expect(all.messages.map((message: { body: string }) => message.body)).toEqual([
      '<script>alert(1)</script> Is it <b>boxed</b>?',
      'Yes.',
    ]);
    expect(all.nextCursor).toBeNull();
    const firstPage = (await api.get(`/api/order/${order.id}/messages?limit=1`)).json();
    expect(firstPage.messages).toHaveLength(1);
    const secondPage = (
      await api.get(`/api/order/${order.id}/messages?after=${encodeURIComponent(firstPage.nextCursor)}`)
    ).json();
    expect(secondPage.messages.map((message: { body: string }) => message.body)).toEqual(['Yes.']);
  });

  it('merges status changes, payment events and messages into one timeline in time order', async () => {
    const { api, order } = await shopperWithOrder();
    const store = await operator();
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'I have paid by PayNow' });
    await harness.app.db.transaction(async (tx) => {
      await recordPaymentEvent(tx, { orderId: order.id, actor: 'store', detail: { method: 'paynow' } });
      await applyOrderCommand(tx, {
        orderId: order.id,
        command: {
          kind: 'receive_payment',
          amount: { amountMinor: order.totalMinor, currency: order.currency },
          alreadyRecorded: false,
        },
        actor: 'store',
      });
    });
    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'Received, thanks' });

    const timeline = (await api.get(`/api/order/${order.id}/timeline`)).json();
    expect(timeline.order).toMatchObject({ id: order.id, orderRef: order.orderRef, status: 'paid' });
    expect(timeline.order.userId).toBeUndefined();
    expect(timeline.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'message',
      'payment',
      'status',
      'message',
    ]);
    expect(timeline.entries[2]).toMatchObject({
      fromStatus: 'pending_payment',
      toStatus: 'paid',
      actor: 'store',
    });
    const cursors = timeline.entries.map((entry: { cursor: string }) => entry.cursor);
    expect([...cursors].sort()).toEqual(cursors);

    const rest = (
      await api.get(`/api/order/${order.id}/timeline?after=${encodeURIComponent(cursors[1])}`)
    ).json();
    expect(rest.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['status', 'message']);

    const storeView = (await store.api.get(`/api/admin/orders/${order.id}/timeline`)).json();
    expect(storeView.entries).toHaveLength(4);
    expect(storeView.shopper.email).toContain('@example.com');
  });

  it('counts unread messages per side, and marks them read', async () => {
    const { api, order } = await shopperWithOrder();
    const store = await operator();
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'Hello?' });
    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'One' });
    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'Two' });

    expect((await api.get(`/api/order/${order.id}/messages`)).json().unreadCount).toBe(2);
    // The store wrote after the shopper's message, so it has read it.
    expect((await store.api.get(`/api/admin/orders/${order.id}/timeline`)).json().unreadCount).toBe(0);

    for (const body of [undefined, {}, null]) {
      const marked = await api.send('POST', `/api/order/${order.id}/update_chat_status`, body);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().unreadCount).toBe(0);
    }
    expect((await api.get(`/api/order/${order.id}/timeline`)).json().unreadCount).toBe(0);
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'Thanks' });
    expect((await store.api.get(`/api/admin/orders/${order.id}/messages`)).json().unreadCount).toBe(1);
    const storeMarked = await store.api.send('POST', `/api/admin/orders/${order.id}/update_chat_status`, {});
    expect(storeMarked.json().unreadCount).toBe(0);
  });

  it('tells the shopper when the store writes, one notification group per order', async () => {
    const { user, api, order } = await shopperWithOrder();
    const store = await operator('admin');
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'Question' });
    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'First answer' });
    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, { message: 'x'.repeat(500) });
    const rows = await harness.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.groupKey))).toEqual(new Set([`order-chat:${order.id}`]));
    expect(rows.every((row) => row.title.includes(order.orderRef))).toBe(true);
    expect(Math.max(...rows.map((row) => [...row.body].length))).toBeLessThanOrEqual(140);
  });
});

describe('order chat refusals', () => {
  it("answers 404 for another shopper's order and for ids of any shape, on every route", async () => {
    const { order } = await shopperWithOrder();
    const { api: stranger } = await shopperWithOrder();
    for (const id of [order.id, 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      for (const path of ['messages', 'timeline', 'live']) {
        const read = await stranger.get(`/api/order/${id}/${path}`);
        expect(read.statusCode, `${path} ${read.body}`).toBe(404);
        expect(read.json().error.code).toBe('order/not_found');
      }
      for (const [path, body] of [
        ['messages', { message: 'hi' }],
        ['update_chat_status', {}],
      ] as const) {
        const write = await stranger.send('POST', `/api/order/${id}/${path}`, body);
        expect(write.statusCode).toBe(404);
      }
    }
    const admin = await operator();
    expect((await admin.api.get('/api/admin/orders/not-an-id/timeline')).statusCode).toBe(404);
  });

  it('refuses bad message bodies with the message code or a named missing argument', async () => {
    const { api, order } = await shopperWithOrder();
    const url = `/api/order/${order.id}/messages`;
    for (const [body, code] of [
      [{ message: '' }, 'order/invalid_message'],
      [{ message: '   \n ' }, 'order/invalid_message'],
      [{ message: 'x'.repeat(2001) }, 'order/invalid_message'],
      [{ message: 42 }, 'order/invalid_message'],
      [{ message: ['hi'] }, 'order/invalid_message'],
      [{ message: 'A\u0000B' }, 'general/argument_error'],
      [{}, 'general/missing_argument'],
      [null, 'general/argument_error'],
      [['hi'], 'general/argument_error'],
      ['hi', 'general/argument_error'],
    ] as const) {
      const response = await api.send('POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
    expect((await api.send('POST', url, { message: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await api.get(`/api/order/${order.id}/messages?after=2026-01-01T00:00:00Z`)).statusCode).toBe(
      400,
    );
  });

  it('needs the anti-forgery header and a signed-in caller', async () => {
    const { session, order } = await shopperWithOrder();
    for (const path of ['messages', 'update_chat_status']) {
      const forged = await harness.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/${path}`,
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'hi' }),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('auth/invalid_state');
    }
    const visitor = await harness.app.inject({ method: 'GET', url: `/api/order/${order.id}/live` });
    expect(visitor.statusCode).toBe(401);
  });

  it('keeps the store routes to operators and admins', async () => {
    const { api, order } = await shopperWithOrder();
    for (const path of ['messages', 'timeline', 'live']) {
      const response = await api.get(`/api/admin/orders/${order.id}/${path}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/not_authorized');
    }
    const posted = await api.send('POST', `/api/admin/orders/${order.id}/messages`, {
      message: 'as the store',
    });
    expect(posted.statusCode).toBe(403);
  });

  it('limits how fast one person writes', async () => {
    const { api, order } = await shopperWithOrder();
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, index) =>
        api.send('POST', `/api/order/${order.id}/messages`, { message: `burst ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('lists the chat routes in the API description', async () => {
    const { paths } = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/order/{id}/messages',
      '/api/order/{id}/update_chat_status',
      '/api/order/{id}/timeline',
      '/api/order/{id}/live',
      '/api/admin/orders/{id}/messages',
      '/api/admin/orders/{id}/live',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});

const bodies = (events: StreamEvent[]) =>
  events.map((event) => (JSON.parse(event.data ?? '{}') as { body?: string; kind: string }).body ?? 'event');

describe('order live stream', () => {
  let base: string;
  beforeAll(async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });

  it('streams what either side writes to both sides, and resumes after the last event id', async () => {
    const { session, api, order } = await shopperWithOrder();
    const store = await operator();
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'Before the page opened' });

    const shopperStream = await openStream(`${base}/api/order/${order.id}/live`, { cookie: session.cookie });
    expect(shopperStream.response.status).toBe(200);
    expect(shopperStream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(shopperStream.response.headers.get('cache-control')).toContain('no-store');
    const storeStream = await openStream(`${base}/api/admin/orders/${order.id}/live`, {
      cookie: store.session.cookie,
    });
    await shopperStream.waitFor((events) => events.length === 1, 'the earlier message');

    await store.api.send('POST', `/api/admin/orders/${order.id}/messages`, {
      message: 'Hello from the store',
    });
    await api.send('POST', `/api/order/${order.id}/messages`, { message: 'Hello back' });
    for (const stream of [shopperStream, storeStream]) {
      await stream.waitFor((events) => bodies(events).includes('Hello back'), 'the reply');
      expect(bodies(stream.events)).toEqual(['Before the page opened', 'Hello from the store', 'Hello back']);
    }
    const lastSeen = shopperStream.events[1]?.id ?? '';
    await shopperStream.close();
    await storeStream.close();

    const resumed = await openStream(`${base}/api/order/${order.id}/live`, {
      cookie: session.cookie,
      'last-event-id': lastSeen,
    });
    await resumed.waitFor((events) => bodies(events).includes('Hello back'), 'the missed message');
    // Entries of the last seconds may come again (late commits); the client keeps each id once.
    expect(bodies(resumed.events).at(-1)).toBe('Hello back');
    await resumed.close();
  });

  it('streams status changes as the transaction that made them commits', async () => {
    const { session, order } = await shopperWithOrder();
    // The store's own caches listen for catalogue and region changes the whole time.
    const standing = harness.app.live.subscriberCount;
    const openStreams = async () => (await harness.app.metrics.liveStreams.get()).values[0]?.value;
    const streamsBefore = await openStreams();
    const stream = await openStream(`${base}/api/order/${order.id}/live`, { cookie: session.cookie });
    // The process's metrics count the stream while it is open.
    expect(await openStreams()).toBe((streamsBefore ?? 0) + 1);
    await harness.app.db.transaction((tx) =>
      applyOrderCommand(tx, {
        orderId: order.id,
        command: { kind: 'cancel', by: 'shopper' },
        actor: 'shopper',
      }),
    );
    await stream.waitFor((events) => events.length === 1, 'the status change');
    expect(JSON.parse(stream.events[0]?.data ?? '{}')).toMatchObject({
      kind: 'status',
      toStatus: 'cancelled',
    });
    await stream.close();
    // The server hears the browser leave and lets go of the order's topic.
    for (let wait = 0; wait < 100 && harness.app.live.subscriberCount > standing; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(harness.app.live.subscriberCount).toBe(standing);
    expect(await openStreams()).toBe(streamsBefore);
  });

  it('ends open streams when the server closes, so shutdown does not wait for browsers', async () => {
    const own = await createTestApp();
    await seedRegions(own.app.db);
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(own.app);
    const session = await signInAs(own.app, user);
    const [order] = await own.app.db
      .insert(orders)
      .values({
        orderRef: 'CB-CLOSE234',
        userId: user.id,
        regionCountryCode: 'SG',
        currency: 'SGD',
        subtotalMinor: 100,
        totalMinor: 100,
        paymentMethod: 'paynow',
        shippingAddress: address as never,
        billingAddress: address as never,
        paymentDueAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const port = (own.app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}/api/order/${order?.id}/live`, {
      cookie: session.cookie,
    });
    expect(stream.response.status).toBe(200);
    await own.close();
    await stream.finished;
    expect(stream.ended).toBe(true);
  });
});

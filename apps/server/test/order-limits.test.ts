import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { checkoutSessions } from '../src/features/checkout/checkout.table.js';
import { orders } from '../src/features/orders/orders.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { NO_ORDER_BREACHES, orderInvariantBreaches } from './helpers/order-invariants.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// What one shopper may hold at once (docs/decisions/0058): unpaid orders, units of one item in them, orders
// an hour and open checkouts, under bursts of parallel calls. On PGlite the single connection runs the
// transactions one after another; on PostgreSQL (TEST_DATABASE_URL) they really overlap and queue on the
// shopper's row lock.

const burst = <T>(size: number, request: (index: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: size }, (_, index) => request(index)));

/** How many answers had each status (2xx) or error code. */
function tally(answers: readonly LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.statusCode < 300 ? String(answer.statusCode) : (errorCode(answer) ?? '?');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

type Store = { harness: TestApp; fixture: CatalogueFixture; startingStock: Map<string, number> };

async function openStore(env: NodeJS.ProcessEnv = {}): Promise<Store> {
  const harness = await createTestApp({ env });
  const fixture = await seedCatalogue(harness.app.db);
  await seedCheckoutRules(harness.app.db);
  return { harness, fixture, startingStock: new Map() };
}

async function addStocked(store: Store, name: string, stock: number, variantStock?: [number, number]) {
  const { id } = await addProduct(store.fixture, {
    name,
    categoryId: 'headphones',
    merchant: store.fixture.merchants.audio,
    priceMinor: 1500,
    stock,
    ...(variantStock && {
      variants: [{ name: 'Colour', options: ['Black', 'White'] }],
      variantPaths: { '0': { stock: variantStock[0] }, '1': { stock: variantStock[1] } },
    }),
  });
  store.startingStock.set(id, variantStock ? variantStock[0] + variantStock[1] : stock);
  return id;
}

/** A verified shopper of `store`, signed in, with an address. */
async function newShopper({ harness }: Store) {
  const user = await createUser(harness.app);
  const api = apiAs(harness.app, await signInAs(harness.app, user));
  const addressId = await addAddress(harness.app.db, user.id);
  const startCheckout = (selection: unknown) => api.send('POST', '/api/checkout/session', selection);
  return {
    user,
    api,
    startCheckout,
    checkout: async (selection: { cartItemIds?: string[]; quotationItemIds?: string[] }) => {
      const started = await startCheckout(selection);
      expect(started.statusCode, started.body).toBe(201);
      return started.json().key as string;
    },
    addToCart: async (productId: string, quantity: number) => {
      const added = await api.send('POST', '/api/cart', { productId, quantity, variantPath: '' });
      expect(added.statusCode, added.body).toBe(201);
      return added.json().cartItem.id as string;
    },
    order: (checkoutSessionKey: string) =>
      api.send('POST', '/api/checkout/create_order', {
        checkoutSessionKey,
        paymentMethod: 'paynow',
        shippingAddressId: addressId,
      }),
    /**
     * `count` quotes the store gave for `quantity` of its own product: each its own line, so each can be
     * checked out and ordered on its own, as many cart lines of one product cannot.
     */
    quotes: async (productId: string, name: string, quantity: number, count: number, variantPath = '') => {
      const quotedAt = new Date();
      const rows = await harness.app.db
        .insert(quotationItems)
        .values(
          Array.from({ length: count }, () => ({
            userId: user.id,
            productSource: 'i' as const,
            status: 'r' as const,
            productId,
            variantPath,
            name,
            quantity,
            quotedAt,
            expiresAt: new Date(quotedAt.getTime() + 7 * 86_400_000),
          })),
        )
        .returning({ id: quotationItems.id });
      return rows.map((row) => row.id);
    },
  };
}

type Shopper = Awaited<ReturnType<typeof newShopper>>;

/** A checkout session of each quote, started one after another. */
async function checkoutsOf(shopper: Shopper, quoteIds: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const id of quoteIds) keys.push(await shopper.checkout({ quotationItemIds: [id] }));
  return keys;
}

const stockOf = async ({ harness }: Store, id: string) =>
  (await harness.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

const ordersOf = ({ harness }: Store, userId: string) =>
  harness.app.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.placedAt), asc(orders.id));

/** The store's defaults: 5 unpaid orders, 20 units of an item, 10 orders an hour, 20 open checkouts. */
let store: Store;
/** The same, but with room for as many unpaid orders and checkouts as a burst needs. */
let roomy: Store;

beforeAll(async () => {
  store = await openStore();
  roomy = await openStore({ MAX_UNPAID_ORDERS: '100', MAX_OPEN_CHECKOUTS: '100' });
});
afterAll(async () => {
  await store?.harness.close();
  await roomy?.harness.close();
});

describe('what one shopper may hold', () => {
  it('places at most 5 unpaid orders of a burst of 20, and one more once one of them is paid', async () => {
    const kettle = await addStocked(store, 'Burst Kettle', 1000);
    const shopper = await newShopper(store);
    const keys = await checkoutsOf(shopper, await shopper.quotes(kettle, 'Burst Kettle', 1, 20));

    const answers = await burst(20, (index) => shopper.order(keys[index] as string));

    expect(tally(answers)).toEqual({ '201': 5, 'checkout/too_many_unpaid_orders': 15 });
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json().error).toEqual({
      code: 'checkout/too_many_unpaid_orders',
      params: ['5'],
      message: 'You have 5 orders waiting for payment; please pay for or cancel one before placing another',
    });
    expect(await stockOf(store, kettle)).toBe(995);
    expect(await orderInvariantBreaches(store.harness.app.db, store.startingStock)).toEqual(
      NO_ORDER_BREACHES,
    );

    const [first] = await ordersOf(store, shopper.user.id);
    await store.harness.app.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, first?.id ?? ''));
    const unplaced = keys.filter((_, index) => answers[index]?.statusCode !== 201);
    expect((await shopper.order(unplaced[0] as string)).statusCode).toBe(201);
    expect(errorCode(await shopper.order(unplaced[1] as string))).toBe('checkout/too_many_unpaid_orders');
  });

  it('places at most 10 orders an hour, cancelled ones included, and says when the next may be placed', async () => {
    const lamp = await addStocked(store, 'Churned Lamp', 1000);
    const shopper = await newShopper(store);
    const keys = await checkoutsOf(shopper, await shopper.quotes(lamp, 'Churned Lamp', 1, 12));
    // Cancelling each order as it is placed keeps the shopper under the unpaid limit, as a shopper
    // holding stock by cancelling and ordering again would.
    for (const key of keys.slice(0, 10)) {
      const placed = await shopper.order(key);
      expect(placed.statusCode, placed.body).toBe(201);
      await store.harness.app.db
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(orders.id, placed.json().order.id));
    }

    const eleventh = await shopper.order(keys[10] as string);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      code: 'checkout/too_many_orders',
      params: ['10', '60'],
      message: 'You have placed 10 orders in the last hour; please try again in 60 minute(s)',
    });

    // Once the first order is an hour old, one more fits in the hour.
    const [oldest] = await ordersOf(store, shopper.user.id);
    await store.harness.app.db
      .update(orders)
      .set({ placedAt: sql`now() - interval '61 minutes'` })
      .where(eq(orders.id, oldest?.id ?? ''));
    expect((await shopper.order(keys[10] as string)).statusCode).toBe(201);
    expect(errorCode(await shopper.order(keys[11] as string))).toBe('checkout/too_many_orders');
  });

  it('places at most 10 orders an hour of a burst of 20 when unpaid orders are not what stops them', async () => {
    const fan = await addStocked(roomy, 'Hourly Fan', 1000);
    const shopper = await newShopper(roomy);
    const keys = await checkoutsOf(shopper, await shopper.quotes(fan, 'Hourly Fan', 1, 20));

    const answers = await burst(20, (index) => shopper.order(keys[index] as string));

    expect(tally(answers)).toEqual({ '201': 10, 'checkout/too_many_orders': 10 });
    expect(await ordersOf(roomy, shopper.user.id)).toHaveLength(10);
    expect(await orderInvariantBreaches(roomy.harness.app.db, roomy.startingStock)).toEqual(
      NO_ORDER_BREACHES,
    );
  });

  it('holds at most 20 units of one item in unpaid orders under a burst, counting each variant apart', async () => {
    const speaker = await addStocked(roomy, 'Hoarded Speaker', 1000);
    const shopper = await newShopper(roomy);
    const keys = await checkoutsOf(shopper, await shopper.quotes(speaker, 'Hoarded Speaker', 3, 20));

    const answers = await burst(20, (index) => shopper.order(keys[index] as string));

    expect(tally(answers)).toEqual({ '201': 6, 'checkout/too_many_units_held': 14 });
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.json().error).toEqual({
        code: 'checkout/too_many_units_held',
        params: ['Hoarded Speaker', '20', '18'],
        message:
          'At most 20 of Hoarded Speaker can wait for payment in your orders at once (18 already do); ' +
          'please lower the quantity or pay for your open orders first',
      });
    }
    expect(await stockOf(roomy, speaker)).toBe(1000 - 18);

    // Each variant holds its own stock, so each is an item of its own.
    const cases = await addStocked(roomy, 'Colour Case', 0, [100, 100]);
    const collector = await newShopper(roomy);
    const [black, white, oneMore] = [
      ...(await collector.quotes(cases, 'Colour Case', 20, 1, '0')),
      ...(await collector.quotes(cases, 'Colour Case', 20, 1, '1')),
      ...(await collector.quotes(cases, 'Colour Case', 1, 1, '0')),
    ];
    const [blackKey, whiteKey, oneMoreKey] = await checkoutsOf(collector, [
      black as string,
      white as string,
      oneMore as string,
    ]);
    expect((await collector.order(blackKey as string)).statusCode).toBe(201);
    expect((await collector.order(whiteKey as string)).statusCode).toBe(201);
    expect((await collector.order(oneMoreKey as string)).json().error.params).toEqual([
      'Colour Case',
      '20',
      '20',
    ]);

    // One cart line over the limit is refused on its own.
    const bulk = await newShopper(roomy);
    const line = await bulk.addToCart(speaker, 21);
    const refused = await bulk.order(await bulk.checkout({ cartItemIds: [line] }));
    expect(refused.json().error.params).toEqual(['Hoarded Speaker', '20', '0']);
    expect(await orderInvariantBreaches(roomy.harness.app.db, roomy.startingStock)).toEqual(
      NO_ORDER_BREACHES,
    );
  });

  it('keeps at most 20 checkouts open under a burst of 30; ordering, discarding or outliving one makes room', async () => {
    const tray = await addStocked(store, 'Session Tray', 100);
    const spare = await addStocked(store, 'Spare Tray', 100);
    const shopper = await newShopper(store);
    const line = await shopper.addToCart(tray, 1);

    const answers = await burst(30, () => shopper.startCheckout({ cartItemIds: [line] }));

    expect(tally(answers)).toEqual({ '201': 20, 'checkout/too_many_sessions': 10 });
    expect(answers.find((answer) => answer.statusCode === 400)?.json().error).toEqual({
      code: 'checkout/too_many_sessions',
      params: ['20', '60'],
      message: 'You have 20 unfinished checkouts; please try again in 60 minute(s)',
    });
    const sessionsOf = () =>
      store.harness.app.db
        .select({ key: checkoutSessions.key })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.userId, shopper.user.id))
        .orderBy(asc(checkoutSessions.createdAt));
    const keys = (await sessionsOf()).map((row) => row.key);
    expect(keys).toHaveLength(20);

    const startAnother = () => shopper.startCheckout({ cartItemIds: [line] });
    const discarded = await shopper.api.get(`/api/checkout/session/${keys[0]}?action=delete`);
    expect(discarded.json()).toEqual({ deleted: true });
    expect((await startAnother()).statusCode).toBe(201);
    expect(errorCode(await startAnother())).toBe('checkout/too_many_sessions');

    await store.harness.app.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkoutSessions.key, keys[1] as string));
    expect((await startAnother()).statusCode).toBe(201);
    expect(errorCode(await startAnother())).toBe('checkout/too_many_sessions');

    // The order takes the cart line, so the next checkout is of another.
    expect((await shopper.order(keys[2] as string)).statusCode).toBe(201);
    const spareLine = await shopper.addToCart(spare, 1);
    expect((await shopper.startCheckout({ cartItemIds: [spareLine] })).statusCode).toBe(201);
    expect(errorCode(await shopper.startCheckout({ cartItemIds: [spareLine] }))).toBe(
      'checkout/too_many_sessions',
    );
  });

  it('follows the limits an admin sets in the store settings from the next call', async () => {
    const admin = await createUser(store.harness.app, { role: 'admin' });
    const adminApi = apiAs(store.harness.app, await signInAs(store.harness.app, admin, { tfaPassed: true }));
    const setLimits = async (limits: Record<string, number>) => {
      const saved = await adminApi.send('PATCH', '/api/admin/settings/general', limits);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const mug = await addStocked(store, 'Settings Mug', 100);
    const shopper = await newShopper(store);
    await setLimits({ maxUnpaidOrders: 1, maxOpenCheckouts: 2 });
    try {
      const [firstKey, secondKey] = await checkoutsOf(
        shopper,
        await shopper.quotes(mug, 'Settings Mug', 1, 2),
      );
      const third = await shopper.startCheckout({ quotationItemIds: await shopper.quotes(mug, 'Mug', 1, 1) });
      expect(third.json().error).toMatchObject({ code: 'checkout/too_many_sessions', params: ['2', '60'] });
      expect((await shopper.order(firstKey as string)).statusCode).toBe(201);
      expect((await shopper.order(secondKey as string)).json().error).toMatchObject({
        code: 'checkout/too_many_unpaid_orders',
        params: ['1'],
      });
    } finally {
      await setLimits({ maxUnpaidOrders: 5, maxOpenCheckouts: 20 });
    }
  });

  it('refuses bad input, a missing anti-forgery header and other shoppers’ lines before counting anything', async () => {
    const plate = await addStocked(store, 'Guarded Plate', 100);
    const shopper = await newShopper(store);
    const other = await newShopper(store);
    for (const body of [null, [], 'cart', '\u0000', { cartItemIds: ['\u0000'] }, { cartItemIds: 'x' }]) {
      const answer = await shopper.startCheckout(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(answer), JSON.stringify(body)).toMatch(/^(general|checkout|cart)\//);
    }
    for (const body of [null, [], 'order', '\u0000', { checkoutSessionKey: 'k\u0000' }]) {
      const answer = await shopper.api.send('POST', '/api/checkout/create_order', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }

    const { cookie } = await withXsrf(store.harness.app);
    for (const url of ['/api/checkout/session', '/api/checkout/create_order']) {
      const unguarded = await store.harness.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ cartItemIds: [] }),
      });
      expect(unguarded.statusCode, url).toBe(403);
      expect(errorCode(unguarded), url).toBe('auth/invalid_state');
    }

    const othersLine = await other.addToCart(plate, 1);
    const [othersQuote] = await other.quotes(plate, 'Guarded Plate', 1, 1);
    const othersKey = await other.checkout({ cartItemIds: [othersLine] });
    expect(errorCode(await shopper.startCheckout({ cartItemIds: [othersLine] }))).toBe('cart/not_found');
    expect(errorCode(await shopper.startCheckout({ quotationItemIds: [othersQuote] }))).toBe(
      'quotation/not_found',
    );
    const othersOrder = await shopper.order(othersKey);
    expect(othersOrder.statusCode).toBe(404);
    expect(errorCode(othersOrder)).toBe('checkout/not_found');

    const held = await store.harness.app.db
      .select({ key: checkoutSessions.key })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, shopper.user.id));
    expect(held).toEqual([]);
    expect(await ordersOf(store, shopper.user.id)).toEqual([]);
    expect(await ordersOf(store, other.user.id)).toEqual([]);
  });
});

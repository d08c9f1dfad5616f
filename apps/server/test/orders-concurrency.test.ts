import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { productVariants } from '../src/features/catalogue/catalogue.table.js';
import { orderEvents, orderLines, orders } from '../src/features/orders/orders.table.js';
import { expireUnpaidOrders } from '../src/features/payments/unpaid-orders.js';
import { voucherRedemptions, vouchers } from '../src/features/vouchers/vouchers.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, addVoucher, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { NO_ORDER_BREACHES, orderInvariantBreaches } from './helpers/order-invariants.js';
import {
  apiAs,
  cardProviderOf,
  createTestApp,
  createUser,
  signInAs,
  type TestApp,
} from './helpers/test-app.js';

// Bursts of parallel orders against the rules that must hold under them (docs/rules/cart-and-checkout.md): stock is never
// oversold, a voucher never passes its limits, a checkout session places one order, parallel orders never
// deadlock, and what an order holds is given back once. On PGlite the single connection runs the
// transactions one after another; on PostgreSQL (npm run test:pg) they really overlap.

type Answer = Awaited<ReturnType<ReturnType<typeof apiAs>['send']>>;

/** How many answers had each status (2xx) or error code. */
function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.statusCode < 300 ? String(answer.statusCode) : answer.json().error.code;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const burst = <T>(size: number, request: (index: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: size }, (_, index) => request(index)));

describe('orders under concurrency', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let operator: ReturnType<typeof apiAs>;
  const startingStock = new Map<string, number>();

  const addStocked = async (name: string, stock: number, variantStock?: [number, number]) => {
    const { id } = await addProduct(fixture, {
      name,
      categoryId: 'headphones',
      merchant: fixture.merchants.audio,
      priceMinor: 2500,
      stock,
      ...(variantStock && {
        variants: [{ name: 'Colour', options: ['Black', 'White'] }],
        variantPaths: { '0': { stock: variantStock[0] }, '1': { stock: variantStock[1] } },
      }),
    });
    startingStock.set(id, variantStock ? variantStock[0] + variantStock[1] : stock);
    return id;
  };

  /** A verified shopper signed in once (or `browsers` times, each its own session), with an address. */
  const newShopper = async (browsers = 1) => {
    const user = await createUser(harness.app);
    const sessions = await burst(browsers, async () => apiAs(harness.app, await signInAs(harness.app, user)));
    const addressId = await addAddress(harness.app.db, user.id);
    const [api] = sessions;
    if (!api) throw new Error('no signed-in session');
    /** Puts the lines in the cart, in the order given, and starts a checkout session of them. */
    const checkout = async (
      lines: readonly { productId: string; quantity: number; variantPath?: string }[],
    ) => {
      const cartItemIds: string[] = [];
      for (const { productId, quantity, variantPath = '' } of lines) {
        const added = await api.send('POST', '/api/cart', { productId, quantity, variantPath });
        expect(added.statusCode).toBe(201);
        cartItemIds.push(added.json().cartItem.id);
      }
      const session = await api.send('POST', '/api/checkout/session', { cartItemIds });
      expect(session.statusCode).toBe(201);
      return session.json().key as string;
    };
    const order = (key: string, extra: Record<string, string> = {}, browser = api) =>
      browser.send('POST', '/api/checkout/create_order', {
        checkoutSessionKey: key,
        paymentMethod: 'paynow',
        shippingAddressId: addressId,
        ...extra,
      });
    return { user, api, sessions, checkout, order };
  };

  const stockOf = async (id: string) =>
    (await harness.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
      ?.stock;

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
    const staff = await createUser(harness.app, { role: 'operator' });
    operator = apiAs(harness.app, await signInAs(harness.app, staff, { tfaPassed: true }));
  });
  afterAll(() => harness.close());

  it('sells 5 in stock to exactly 5 of 50 shoppers ordering at once, and refuses the other 45', async () => {
    const earbuds = await addStocked('Limited Earbuds', 5);
    const shoppers = await burst(50, () => newShopper());
    const keys = await burst(50, (index) => shoppers[index]!.checkout([{ productId: earbuds, quantity: 1 }]));

    const answers = await burst(50, (index) => shoppers[index]!.order(keys[index] as string));

    expect(tally(answers)).toEqual({ '201': 5, 'checkout/out_of_stock': 45 });
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.json().error.params).toEqual(['Limited Earbuds', '0']);
    }
    expect(await stockOf(earbuds)).toBe(0);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it('redeems a voucher of one use once among 20 shoppers ordering with it at once', async () => {
    const speaker = await addStocked('Busy Speaker', 100);
    const voucher = await addVoucher(harness.app.db, { code: 'ONLYONE', totalLimit: 1 });
    const shoppers = await burst(20, () => newShopper());
    const keys = await burst(20, (index) => shoppers[index]!.checkout([{ productId: speaker, quantity: 1 }]));

    const answers = await burst(20, (index) =>
      shoppers[index]!.order(keys[index] as string, { voucherCode: 'ONLYONE' }),
    );

    expect(tally(answers)).toEqual({ '201': 1, 'voucher/used_up': 19 });
    const [row] = await harness.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.redeemedCount).toBe(1);
    const redemptions = await harness.app.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]?.orderId).toBe(
      answers.find((answer) => answer.statusCode === 201)?.json().order.id,
    );
    // The refused orders took no stock either.
    expect(await stockOf(speaker)).toBe(99);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it("holds a voucher's per-shopper limit when one shopper orders with it from several browsers at once", async () => {
    const gadgets = await burst(6, (index) => addStocked(`Desk Gadget ${index}`, 10));
    const voucher = await addVoucher(harness.app.db, { code: 'ONEEACH', perUserLimit: 1 });
    const shopper = await newShopper(6);
    // Each browser checks out a different line, so each session could become an order of its own.
    const keys: string[] = [];
    for (const gadget of gadgets) keys.push(await shopper.checkout([{ productId: gadget, quantity: 1 }]));

    const answers = await burst(6, (index) =>
      shopper.order(keys[index] as string, { voucherCode: 'ONEEACH' }, shopper.sessions[index]),
    );

    expect(tally(answers)).toEqual({ '201': 1, 'voucher/already_used': 5 });
    const redemptions = await harness.app.db
      .select()
      .from(voucherRedemptions)
      .where(
        and(eq(voucherRedemptions.voucherId, voucher.id), eq(voucherRedemptions.userId, shopper.user.id)),
      );
    expect(redemptions).toHaveLength(1);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it('places one order for a checkout session sent 20 times at once, and every answer names it', async () => {
    const lamp = await addStocked('Double-click Lamp', 10);
    const shopper = await newShopper(4);
    const key = await shopper.checkout([{ productId: lamp, quantity: 2 }]);

    const answers = await burst(20, (index) =>
      shopper.order(key, {}, shopper.sessions[index % shopper.sessions.length]),
    );

    expect(tally(answers)).toEqual({ '201': 1, '200': 19 });
    const orderIds = new Set(answers.map((answer) => answer.json().order.id));
    expect(orderIds.size).toBe(1);
    // The answer that placed it describes it as every later read does.
    const [orderId] = orderIds;
    const created = answers.find((answer) => answer.statusCode === 201)?.json().order;
    expect(created).toEqual((await shopper.api.get(`/api/order/${orderId}`)).json().order);
    for (const repeated of answers.filter((answer) => answer.statusCode === 200)) {
      expect(repeated.json().order).toEqual(created);
    }
    const placed = await harness.app.db.select().from(orders).where(eq(orders.userId, shopper.user.id));
    expect(placed.map((row) => row.id)).toEqual([...orderIds]);
    expect(await stockOf(lamp)).toBe(8);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it('never deadlocks orders of several products listed in different orders, with cancels at the same time', async () => {
    const items = [
      { productId: await addStocked('Cross Cable A', 60) },
      { productId: await addStocked('Cross Cable B', 45) },
      { productId: await addStocked('Cross Cable C', 80) },
      { productId: await addStocked('Cross Colour Case', 0, [30, 30]), variantPath: '0' },
      { productId: await addStocked('Cross Colour Case 2', 0, [10, 40]), variantPath: '1' },
    ];
    // Some orders are placed first, so their cancels run in the burst against the new orders.
    const earlier = await burst(8, () => newShopper());
    const earlierOrders: { shopper: (typeof earlier)[number]; orderId: string }[] = [];
    for (const [index, shopper] of earlier.entries()) {
      const key = await shopper.checkout(
        items.map((item, position) => ({ ...item, quantity: ((index + position) % 2) + 1 })),
      );
      const placed = await shopper.order(key);
      expect(placed.statusCode, placed.body).toBe(201);
      earlierOrders.push({ shopper, orderId: placed.json().order.id });
    }
    // Each shopper lists the products in a rotation of its own, so parallel carts name them in different
    // orders; together they ask for more than there is, so some are refused for stock.
    const shoppers = await burst(30, () => newShopper());
    const keys = await burst(30, (index) => {
      const rotated = [...items.slice(index % items.length), ...items.slice(0, index % items.length)];
      const lines = (index % 2 === 0 ? rotated : rotated.reverse()).map((item, position) => ({
        ...item,
        quantity: ((index * 7 + position) % 3) + 1,
      }));
      return shoppers[index]!.checkout(lines);
    });

    const [placed, cancelled] = await Promise.all([
      burst(30, (index) => shoppers[index]!.order(keys[index] as string)),
      burst(earlierOrders.length, (index) => {
        const { shopper, orderId } = earlierOrders[index] as (typeof earlierOrders)[number];
        return shopper.api.send('DELETE', `/api/order/${orderId}`, { reason: 'Found it cheaper' });
      }),
    ]);

    const placedTally = tally(placed);
    expect(Object.keys(placedTally).sort()).toEqual(
      Object.keys(placedTally).length === 1 ? ['201'] : ['201', 'checkout/out_of_stock'],
    );
    expect(tally(cancelled)).toEqual({ '200': earlierOrders.length });
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it("never deadlocks orders of a variant with the back office saving that variant's price and stock at once", async () => {
    const STARTING_STOCK = 400;
    const ROUNDS = 4;
    const { id: mug } = await addProduct(fixture, {
      name: 'Busy Colour Mug',
      categoryId: 'headphones',
      merchant: fixture.merchants.audio,
      priceMinor: 2500,
      variants: [{ name: 'Colour', options: ['Black', 'White'] }],
      variantPaths: { '0': { stock: STARTING_STOCK }, '1': { stock: 10 } },
    });
    const url = `/api/admin/products/${mug}`;
    const pricesSet = new Set([2500]);
    let tablesSaved = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const shoppers = await burst(20, () => newShopper());
      const keys = await burst(20, (index) =>
        shoppers[index]!.checkout([{ productId: mug, quantity: (index % 3) + 1, variantPath: '0' }]),
      );
      const loaded = await operator.get(url);
      expect(loaded.statusCode, loaded.body).toBe(200);
      const { version, variantRows } = loaded.json().product;
      const black = variantRows.find((row: { path: string }) => row.path === '0');
      const newPrice = (index: number) => 2000 + round * 100 + index * 10;
      // One Save of the variant's price (PUT variants), or of the variants' table: its price alone, or its
      // price and stock from the count loaded. Each loses to the first of its kind once that one moved the
      // version, so the kinds take turns by round.
      const save =
        round % 2 === 0
          ? (index: number) =>
              operator.send('PUT', `${url}/variants`, { path: '0', version, priceMinor: newPrice(index) })
          : (index: number) =>
              operator.send('PUT', `${url}/variant_rows`, {
                version,
                rows: [
                  {
                    path: '0',
                    priceMinor: newPrice(index),
                    stock: index === 0 ? black.stock : black.stock + 50 + index,
                    stockSeen: black.stock,
                  },
                ],
              });

      // Each change of the operator, like each order, locks the product and then the variant; several of
      // each kind go at once, as from several browser tabs.
      const [placed, saves, stockSets, removals] = await Promise.all([
        burst(20, (index) => shoppers[index]!.order(keys[index] as string)),
        burst(3, save),
        burst(3, (index) =>
          operator.send('PUT', `${url}/stock`, { path: '0', stock: black.stock + 20 * index }),
        ),
        // Once it has been ordered, removing the variant is refused, but only after taking the same locks.
        burst(round === 0 ? 0 : 2, () =>
          operator.send('DELETE', `${url}/variants?version=${version}&path=0`),
        ),
      ]);

      expect(tally(placed)).toEqual({ '201': 20 });
      expect(tally(stockSets)).toEqual({ '200': 3 });
      expect(['200', 'product/stale_version', 'product/stale_stock']).toEqual(
        expect.arrayContaining(Object.keys(tally(saves))),
      );
      expect(['product/stale_version', 'product/variant_ordered']).toEqual(
        expect.arrayContaining(Object.keys(tally(removals))),
      );
      for (const saved of saves.filter((answer) => answer.statusCode === 200)) {
        const row = saved
          .json()
          .product.variantRows.find((variant: { path: string }) => variant.path === '0');
        pricesSet.add(row.price.amountMinor);
        if (round % 2 === 1) tablesSaved += 1;
      }
    }

    // The stock is what it started at, moved by what each save set (from the count it found under the lock
    // to the one it wrote, as its audit entry records), less what the orders took.
    const audits = await harness.app.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.subjectId, mug),
          inArray(auditEntries.action, ['product.set_stock', 'product.save_variants']),
        ),
      );
    expect(audits.filter((entry) => entry.action === 'product.set_stock')).toHaveLength(3 * ROUNDS);
    expect(audits.filter((entry) => entry.action === 'product.save_variants')).toHaveLength(tablesSaved);
    type AuditedVariant = { path: string; stock?: number };
    /** The variants an entry names: the one of a stock set, or the list of a table save. */
    const variantsOf = (side: Record<string, unknown> | null): AuditedVariant[] =>
      (side?.variants as AuditedVariant[] | undefined) ?? [side as AuditedVariant];
    const moved = audits
      .flatMap((entry) => {
        const before = variantsOf(entry.before);
        return variantsOf(entry.after).map((after, index) =>
          after.path === '0' && after.stock !== undefined ? after.stock - (before[index]?.stock ?? 0) : 0,
        );
      })
      .reduce((sum, move) => sum + move, 0);
    const lines = await harness.app.db
      .select({ quantity: orderLines.quantity, unitPriceMinor: orderLines.unitPriceMinor })
      .from(orderLines)
      .where(and(eq(orderLines.productId, mug), eq(orderLines.variantPath, '0')));
    expect(lines).toHaveLength(20 * ROUNDS);
    const sold = lines.reduce((sum, line) => sum + line.quantity, 0);
    const [black] = await harness.app.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.productId, mug), eq(productVariants.path, '0')));
    expect(black?.stock).toBe(STARTING_STOCK + moved - sold);
    expect(await stockOf(mug)).toBe((black?.stock ?? 0) + 10);
    // Every line is priced at a price the variant had: the first one, or one a save set.
    expect(lines.filter((line) => !pricesSet.has(line.unitPriceMinor))).toEqual([]);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });

  it('gives back an unpaid order once when its shopper cancels it as it expires', async () => {
    const kettle = await addStocked('Racing Kettle', 30);
    const voucher = await addVoucher(harness.app.db, { code: 'RACE', totalLimit: 24 });
    const shoppers = await burst(24, () => newShopper());
    const placed: { shopper: (typeof shoppers)[number]; orderId: string }[] = [];
    for (const shopper of shoppers) {
      const key = await shopper.checkout([{ productId: kettle, quantity: 1 }]);
      const answer = await shopper.order(key, { voucherCode: 'RACE' });
      expect(answer.statusCode).toBe(201);
      placed.push({ shopper, orderId: answer.json().order.id });
    }
    expect(await stockOf(kettle)).toBe(6);

    const pastDue = new Date(Date.now() + 61 * 60_000);
    const [cancels] = await Promise.all([
      burst(placed.length, (index) => {
        const { shopper, orderId } = placed[index] as (typeof placed)[number];
        return shopper.api.send('DELETE', `/api/order/${orderId}`);
      }),
      expireUnpaidOrders(cardProviderOf(harness.app), pastDue),
      expireUnpaidOrders(cardProviderOf(harness.app), pastDue),
    ]);

    // Each cancel either came first or found the order already expired, and then says it is no longer
    // cancellable (not that a cancelled order cannot be cancelled, as it did when it read the status
    // before waiting for the expiry's lock).
    for (const answer of cancels) {
      expect([200, 400]).toContain(answer.statusCode);
      if (answer.statusCode === 400) expect(answer.json().error.code).toBe('order/not_cancellable');
    }
    const ids = placed.map(({ orderId }) => orderId);
    const rows = await harness.app.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'cancelled'));
    const cancelEvents = await harness.app.db
      .select()
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.toStatus, 'cancelled')));
    expect(cancelEvents).toHaveLength(ids.length);
    expect(await stockOf(kettle)).toBe(30);
    const [voucherRow] = await harness.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(voucherRow?.redeemedCount).toBe(0);
    expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
  });
});

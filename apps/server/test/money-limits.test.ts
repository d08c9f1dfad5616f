import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBigint } from '../src/db/client.js';
import { queryRows } from '../src/db/query-rows.js';
import { products } from '../src/db/schema.js';
import { orders } from '../src/features/orders/orders.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, addResolvedQuotation, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// Money is 64-bit in the database and read back as numbers, and no order comes to more than the card networks'
// eight digits of minor units (core ORDER_TOTAL_MAX_MINOR): past it, checkout answers 400 with
// checkout/total_too_large, never a 500 from a column or a number that overflowed.

const TOO_LARGE_SGD = {
  code: 'checkout/total_too_large',
  params: ['S$999,999.99'],
  message: 'One order can come to at most S$999,999.99; please split it into smaller orders',
};
const yen = (amountMinor: number) => ({ amountMinor, currency: 'JPY' as const });
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

describe('money past 32 bits and the most one order can come to', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;

  const newShopper = async () => {
    const user = await createUser(harness.app);
    const api = apiAs(harness.app, await signInAs(harness.app, user));
    return { user, api, addressId: await addAddress(harness.app.db, user.id) };
  };
  const productAt = async (name: string, priceMinor: number) =>
    (
      await addProduct(fixture, {
        name,
        categoryId: 'headphones',
        merchant: fixture.merchants.audio,
        priceMinor,
        stock: 500,
      })
    ).id;
  const ordersOf = async (userId: string) =>
    harness.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
  });
  afterAll(() => harness.close());

  it('reads a bigint as a number, and refuses one a number cannot hold exactly', async () => {
    const [row] = await queryRows<{ past32: number; safest: number }>(
      harness.app.db,
      sql`SELECT 4294967296::bigint AS past32, 9007199254740991::bigint AS safest`,
    );
    expect(row).toEqual({ past32: 2 ** 32, safest: Number.MAX_SAFE_INTEGER });
    const beyond = await queryRows(harness.app.db, sql`SELECT 9007199254740993::bigint AS beyond`).catch(
      (error: unknown) => error,
    );
    expect((beyond as Error).cause).toBeInstanceOf(RangeError);
    expect(() => parseBigint('-9007199254740992')).toThrow(RangeError);
    expect(parseBigint('-9007199254740991')).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('places the largest order there can be and reads every amount back exactly', async () => {
    const { user, api, addressId } = await newShopper();
    // ¥97,087,378 and the 3% card fee of ¥2,912,621 come to ¥99,999,999; delivery is free at that price.
    const quoted = await addResolvedQuotation(harness.app.db, user.id, { JP: yen(97_087_378) });
    const placed = await api.send('POST', '/api/quotation_checkout/create_order', {
      quotationIds: [quoted],
      paymentMethod: 'test_card',
      shippingAddressId: addressId,
      regionCountryCode: 'JP',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const read = await api.get(`/api/order/${placed.json().order.id}`);
    expect(read.json().order).toMatchObject({
      currency: 'JPY',
      subtotal: yen(97_087_378),
      shippingFee: yen(0),
      paymentFee: yen(2_912_621),
      total: yen(99_999_999),
      lines: [{ quantity: 1, unitPrice: yen(97_087_378), total: yen(97_087_378) }],
    });
  });

  it('sums a day’s revenue past 32 bits exactly on the dashboard', async () => {
    const shopper = await createUser(harness.app);
    for (let count = 0; count < 22; count += 1) {
      const order = await placeOrder(harness.app.db, shopper.id, {
        method: 'card',
        totalMinor: 99_999_999,
        currency: 'JPY',
        region: 'JP',
      });
      await harness.app.db
        .update(orders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(orders.id, order.id));
    }
    const operator = await createUser(harness.app, { role: 'operator' });
    const desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const answer = await desk.get('/api/admin/dashboard');
    expect(answer.statusCode, answer.body).toBe(200);
    // 22 x ¥99,999,999 = ¥2,199,999,978, past 2^31 - 1.
    expect(answer.json().today.revenue).toContainEqual(yen(2_199_999_978));
  });

  it('refuses 99 of a S$1,000,000 product with 400 at every step, and places nothing', async () => {
    const { user, api, addressId } = await newShopper();
    const dear = await productAt('Concert Grand Headphones', 100_000_000);
    const line = (await api.send('POST', '/api/cart', { productId: dear, quantity: 99 })).json().cartItem.id;
    const started = await api.send('POST', '/api/checkout/session', { cartItemIds: [line] });
    expect(started.statusCode, started.body).toBe(400);
    expect(started.json().error).toEqual(TOO_LARGE_SGD);

    // A session started with one, whose quantity then grows past the ceiling.
    const halfDear = await productAt('Studio Grand Headphones', 50_000_000);
    const grown = (await api.send('POST', '/api/cart', { productId: halfDear })).json().cartItem.id;
    const { key } = (await api.send('POST', '/api/checkout/session', { cartItemIds: [grown] })).json();
    expect((await api.send('PUT', `/api/cart/${grown}`, { quantity: 99 })).statusCode).toBe(200);
    const estimate = await api.get(
      `/api/checkout/estimate_costs?checkoutSessionKey=${key}&shippingAddressId=${addressId}&paymentMethod=paynow`,
    );
    expect(estimate.statusCode, estimate.body).toBe(400);
    expect(estimate.json().error).toEqual(TOO_LARGE_SGD);
    const order = await api.send('POST', '/api/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().error).toEqual(TOO_LARGE_SGD);
    expect(await ordersOf(user.id)).toEqual([]);
    const [stock] = await harness.app.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, halfDear));
    expect(stock?.stock).toBe(500);
  });

  it('refuses quoted goods past the ceiling at the estimate and at the order', async () => {
    const { user, api, addressId } = await newShopper();
    const quoted = await addResolvedQuotation(harness.app.db, user.id, { JP: yen(100_000_000) });
    const estimate = await api.get(
      `/api/quotation_checkout/estimate_costs?quotationIds=${quoted}&regionCountryCode=JP&paymentMethod=test_card`,
    );
    expect(estimate.statusCode, estimate.body).toBe(400);
    expect(estimate.json().error).toMatchObject({
      code: 'checkout/total_too_large',
      params: ['¥99,999,999'],
    });
    const order = await api.send('POST', '/api/quotation_checkout/create_order', {
      quotationIds: [quoted],
      paymentMethod: 'test_card',
      shippingAddressId: addressId,
      regionCountryCode: 'JP',
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().error.code).toBe('checkout/total_too_large');
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('reports a total the card fee and tax take past the ceiling, and places the order paid without the fee', async () => {
    const { user, api, addressId } = await newShopper();
    const product = await productAt('Reference Headphones', 90_000_000);
    const line = (await api.send('POST', '/api/cart', { productId: product })).json().cartItem.id;
    const { key } = (await api.send('POST', '/api/checkout/session', { cartItemIds: [line] })).json();
    const estimate = async (paymentMethod: string) =>
      api.get(
        `/api/checkout/estimate_costs?checkoutSessionKey=${key}&shippingAddressId=${addressId}&paymentMethod=${paymentMethod}`,
      );

    // Card: fee S$27,000 and GST 9% of S$927,000 make S$1,010,430.00; the breakdown still shows it.
    const byCard = await estimate('test_card');
    expect(byCard.statusCode, byCard.body).toBe(200);
    expect(byCard.json()).toMatchObject({ total: sgd(101_043_000), totalRefusal: TOO_LARGE_SGD });
    const refused = await api.send('POST', '/api/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'test_card',
      shippingAddressId: addressId,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toEqual(TOO_LARGE_SGD);
    expect(await ordersOf(user.id)).toEqual([]);

    // PayNow has no fee: S$900,000 and GST S$81,000.
    expect((await estimate('paynow')).json()).toMatchObject({ total: sgd(98_100_000), totalRefusal: null });
    const placed = await api.send('POST', '/api/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.total).toEqual(sgd(98_100_000));
  });

  it('refuses a quote desk base price past the ceiling with quotation/invalid_base_price', async () => {
    const { user } = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, user.id, {}, { status: 'p' });
    const operator = await createUser(harness.app, { role: 'operator' });
    const desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));

    for (const amountMinor of [100_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const resolve = await desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
        basePrice: yen(amountMinor),
      });
      expect({ amountMinor, status: resolve.statusCode, code: resolve.json().error?.code }).toEqual({
        amountMinor,
        status: 400,
        code: 'quotation/invalid_base_price',
      });
    }
    const preview = await desk.get(
      '/api/admin/quotation_items/quote_preview?amountMinor=100000000&currency=JPY',
    );
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json().error.code).toBe('quotation/invalid_base_price');

    const resolved = await desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
      basePrice: yen(99_999_999),
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [row] = await harness.app.db
      .select({ basePriceMinor: quotationItems.basePriceMinor })
      .from(quotationItems)
      .where(eq(quotationItems.id, id));
    expect(row?.basePriceMinor).toBe(99_999_999);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../src/db/schema.js';
import { cartItems } from '../src/features/cart/cart.table.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { orderEvents, orders } from '../src/features/orders/orders.table.js';
import { expireUnpaidOrders } from '../src/features/payments/unpaid-orders.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { voucherRedemptions, vouchers } from '../src/features/vouchers/vouchers.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import {
  addAddress,
  addResolvedQuotation,
  addVoucher,
  expireQuotation,
  seedCheckoutRules,
} from './helpers/checkout-fixtures.js';
import {
  apiAs,
  cardProviderOf,
  createTestApp,
  createUser,
  signInAs,
  type TestApp,
  withXsrf,
} from './helpers/test-app.js';

type Session = { cookie: string; header: Record<string, string> };
const UNKNOWN_ID = '6f1c1a52-0000-4000-8000-000000000000';
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

describe('checkout and orders', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  const ids: Record<string, string> = {};

  const as = (session: Session) => {
    const { get, send } = apiAs(harness.app, session);
    return {
      get,
      send,
      addToCart: async (productId: string, quantity = 1, variantPath = '') =>
        (await send('POST', '/api/cart', { productId, quantity, variantPath })).json().cartItem.id as string,
      session: (body: unknown) => send('POST', '/api/checkout/session', body),
      estimate: (query: string) => get(`/api/checkout/estimate_costs?${query}`),
      order: (body: unknown) => send('POST', '/api/checkout/create_order', body),
    };
  };
  const newShopper = async (overrides = {}) => {
    const user = await createUser(harness.app, overrides);
    const api = as(await signInAs(harness.app, user));
    return { user, api, addressId: await addAddress(harness.app.db, user.id) };
  };
  const stockOf = async (id: string) =>
    (await harness.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
      ?.stock;

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
    const { audio, basics } = fixture.merchants;
    const add = async (name: string, input: Partial<Parameters<typeof addProduct>[1]>) =>
      (
        await addProduct(fixture, {
          name,
          categoryId: 'headphones',
          merchant: audio,
          priceMinor: 1990,
          ...input,
        })
      ).id;
    ids.earbuds = await add('Budget Earbuds', { stock: 5 });
    ids.speaker = await add('Shelf Speaker', { stock: 100, priceMinor: 2500 });
    ids.retired = await add('Retired Headphones', { stock: 5, disabled: true });
    ids.sneakers = await add('Canvas Sneakers', {
      categoryId: 'sneakers',
      merchant: basics,
      priceMinor: 5900,
      variants: [{ name: 'Size', options: ['40', '41'] }],
      variantPaths: { '0': { stock: 2 }, '1': { priceMinor: 6400, stock: 1 } },
    });
  });
  afterAll(() => harness.close());

  it('needs a signed-in shopper with a verified email', async () => {
    const visitor = as(await withXsrf(harness.app));
    expect((await visitor.session({ cartItemIds: [UNKNOWN_ID] })).statusCode).toBe(401);
    expect((await visitor.get('/api/order')).statusCode).toBe(401);
    const unverified = as(
      await signInAs(harness.app, await createUser(harness.app, { emailVerifiedAt: null })),
    );
    const refused = await unverified.session({ cartItemIds: [UNKNOWN_ID] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/unverified_email');
  });

  it('refuses a change without the anti-forgery header', async () => {
    const { api } = await newShopper();
    const cartItemId = await api.addToCart(ids.earbuds as string);
    const { cookie } = await withXsrf(harness.app);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ cartItemIds: [cartItemId] }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers bad bodies with 400 and the catalogue envelope', async () => {
    const { api } = await newShopper();
    for (const body of [null, [], 'cart', { cartItemIds: 'x' }, { cartItemIds: [7] }, {}]) {
      const response = await api.session(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toMatch(/^(general|checkout|cart)\//);
    }
    for (const body of [null, [], 'order', { checkoutSessionKey: 'k\u0000' }]) {
      expect((await api.order(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.session({})).json().error.code).toBe('checkout/empty_selection');
    const nul = await api.session({ cartItemIds: ['\u0000'] });
    expect(nul.json().error).toMatchObject({ code: 'general/argument_error', params: ['cartItemIds.0'] });
  });

  it("starts a session only with the shopper's own buyable lines", async () => {
    const other = await newShopper();
    const othersLine = await other.api.addToCart(ids.earbuds as string);
    const { user, api } = await newShopper();
    const refusedOthers = await api.session({ cartItemIds: [othersLine] });
    expect(refusedOthers.statusCode).toBe(404);
    expect(refusedOthers.json().error.code).toBe('cart/not_found');

    const pending = await addResolvedQuotation(harness.app.db, user.id, {}, { status: 'p' });
    expect((await api.session({ quotationItemIds: [pending] })).json().error.code).toBe('quotation/pending');
    const expired = await addResolvedQuotation(harness.app.db, user.id, { SG: sgd(4500) });
    await expireQuotation(harness.app.db, expired);
    const refusedExpired = await api.session({ quotationItemIds: [expired] });
    expect(refusedExpired.json().error.code).toBe('quotation/expired');
    expect(refusedExpired.json().error.message).toMatch(/expired on \d{2}\/\d{2}\/\d{4}/);
    // 20:00 UTC on 10 January was already the 11th in Singapore: the shopper is told the store's day.
    await harness.app.db
      .update(quotationItems)
      .set({ expiresAt: new Date('2026-01-10T20:00:00Z') })
      .where(eq(quotationItems.id, expired));
    expect((await api.session({ quotationItemIds: [expired] })).json().error.params).toEqual(['11/01/2026']);

    await harness.app.db
      .insert(cartItems)
      .values({ userId: user.id, productId: ids.retired as string, quantity: 1 });
    const [retiredLine] = await harness.app.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.productId, ids.retired as string));
    const refusedRetired = await api.session({ cartItemIds: [retiredLine?.id] });
    expect(refusedRetired.json().error).toMatchObject({ code: 'checkout/item_unavailable' });

    const line = await api.addToCart(ids.earbuds as string);
    const quoted = await addResolvedQuotation(harness.app.db, user.id, { SG: sgd(4500) });
    const started = await api.session({ cartItemIds: [line], quotationItemIds: [quoted] });
    expect(started.statusCode).toBe(201);
    const session = started.json();
    expect(session).toMatchObject({ cartItemIds: [line], quotationItemIds: [quoted], orderId: null });
    expect((await api.get(`/api/checkout/session/${session.key}`)).json().key).toBe(session.key);
    expect((await other.api.get(`/api/checkout/session/${session.key}`)).statusCode).toBe(404);
    expect((await api.get(`/api/checkout/session/${session.key}?action=delete`)).json()).toEqual({
      deleted: true,
    });
    expect((await api.get(`/api/checkout/session/${session.key}`)).json().error.code).toBe(
      'checkout/not_found',
    );
  });

  it('estimates every cost on the server, each rounded once, and says why a voucher or an address fails', async () => {
    const { user, api, addressId } = await newShopper();
    const line = await api.addToCart(ids.earbuds as string, 2);
    const { key } = (await api.session({ cartItemIds: [line] })).json();
    // 2 x S$19.90 from Japan to Singapore: S$3 + 2 x S$1 delivery; card fee 3% of S$44.80 = 134.4 -> 134;
    // GST 9% of S$46.14 = 415.26 -> 415, added.
    const byCard = (
      await api.estimate(`checkoutSessionKey=${key}&shippingAddressId=${addressId}&paymentMethod=test_card`)
    ).json();
    expect(byCard).toMatchObject({
      regionCountryCode: 'SG',
      currency: 'SGD',
      subtotal: sgd(3980),
      shippingFee: sgd(500),
      paymentFee: sgd(134),
      tax: { name: 'GST', ratePercent: '9', inclusive: false, amount: sgd(415) },
      total: sgd(5029),
      voucher: null,
      shippingRefusal: null,
    });
    expect(byCard.lines).toHaveLength(1);
    expect(byCard.paymentMethods.map((option: { method: string }) => option.method)).toEqual([
      'paynow',
      'test_card',
    ]);

    await addVoucher(harness.app.db, {
      code: 'TEN',
      percentOff: '10',
      minSpendMinor: 3000,
      maxDiscountMinor: 2000,
    });
    // 10% off S$39.80 = 398; PayNow has no fee; GST on S$40.82 = 367.38 -> 367.
    const withVoucher = (
      await api.estimate(
        `checkoutSessionKey=${key}&shippingAddressId=${addressId}&paymentMethod=paynow&voucherCode=ten`,
      )
    ).json();
    expect(withVoucher).toMatchObject({
      discount: sgd(398),
      paymentFee: sgd(0),
      tax: { amount: sgd(367) },
      total: sgd(4449),
      voucher: { code: 'TEN', refusal: null },
    });

    const unknown = (await api.estimate(`checkoutSessionKey=${key}&voucherCode=NOPE`)).json();
    expect(unknown.voucher.refusal).toMatchObject({
      code: 'voucher/unknown',
      message: 'This voucher code is not valid',
    });
    expect(unknown.discount).toEqual(sgd(0));

    const japan = await addAddress(harness.app.db, user.id, 'JP');
    const nowhere = (await api.estimate(`checkoutSessionKey=${key}&shippingAddressId=${japan}`)).json();
    expect(nowhere.shippingRefusal.code).toBe('checkout/shipping_unavailable');

    // Malaysia: MYR prices at the stored rate, per-item delivery converted once, SST shown as included.
    const inMalaysia = (
      await api.estimate(
        `checkoutSessionKey=${key}&shippingAddressId=${addressId}&regionCountryCode=MY&paymentMethod=test_card`,
      )
    ).json();
    expect(inMalaysia.currency).toBe('MYR');
    expect(inMalaysia.tax).toMatchObject({ name: 'SST', inclusive: true });
    expect(inMalaysia.total.amountMinor).toBe(
      inMalaysia.subtotal.amountMinor +
        inMalaysia.shippingFee.amountMinor +
        inMalaysia.paymentFee.amountMinor,
    );
    expect(inMalaysia.paymentMethods.map((option: { method: string }) => option.method)).toEqual([
      'test_card',
    ]);

    const otherShopper = await newShopper();
    expect((await otherShopper.api.estimate(`checkoutSessionKey=${key}`)).statusCode).toBe(404);
    expect(
      (await api.estimate(`checkoutSessionKey=${key}&shippingAddressId=${otherShopper.addressId}`)).json()
        .error.code,
    ).toBe('address/not_found');
  });

  it('places one order per session: stock taken, voucher redeemed, lines gone, a mail sent', async () => {
    const { user, api, addressId } = await newShopper();
    const voucher = await addVoucher(harness.app.db, {
      code: 'ONCE',
      kind: 'fixed',
      percentOff: null,
      amountOffMinor: 500,
    });
    const line = await api.addToCart(ids.sneakers as string, 1, '1');
    const quoted = await addResolvedQuotation(harness.app.db, user.id, { SG: sgd(4500) });
    const { key } = (await api.session({ cartItemIds: [line], quotationItemIds: [quoted] })).json();
    const body = {
      checkoutSessionKey: key,
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
      voucherCode: 'once',
      notes: 'Gift wrap please',
    };

    const placed = await api.order(body);
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({
      status: 'pending_payment',
      regionCountryCode: 'SG',
      currency: 'SGD',
      voucherCode: 'ONCE',
      discount: sgd(500),
      notes: 'Gift wrap please',
      paymentMethod: 'paynow',
      shippingAddress: { fullName: 'Tan Mei Ling', country: 'SG' },
    });
    expect(order.orderRef).toMatch(/^CB-[2-9A-Z]{8}$/);
    expect(order.lines.map((orderLine: { source: string }) => orderLine.source)).toEqual([
      'cart',
      'quotation_external',
    ]);
    expect(order.cartItems).toEqual([{ id: line, productId: ids.sneakers, variantPath: '1', quantity: 1 }]);
    expect(order.quotationItems).toEqual([{ id: quoted, quantity: 1 }]);
    expect(order.productCaptures[0]).toMatchObject({
      name: 'Canvas Sneakers',
      variantLabel: 'Size: 41',
      unitPrice: sgd(6400),
    });
    expect(order.taxFee).toEqual(order.tax.amount);
    expect(order.total.amountMinor).toBe(
      order.subtotal.amountMinor - 500 + order.shippingFee.amountMinor + order.tax.amount.amountMinor,
    );

    const again = await api.order(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(order.id);

    const db = harness.app.db;
    const [variant] = await db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, ids.sneakers as string));
    expect(variant).toBeDefined();
    expect(await stockOf(ids.sneakers as string)).toBe(2);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    const [quotedRow] = await db.select().from(quotationItems).where(eq(quotationItems.id, quoted));
    expect(quotedRow?.orderedAt).not.toBeNull();
    const [voucherRow] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(voucherRow?.redeemedCount).toBe(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Crossbuy order ${order.orderRef}`]);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.toStatus)).toEqual(['pending_payment']);

    expect((await api.get(`/api/checkout/session/${key}`)).json().orderId).toBe(order.id);
  });

  it('refuses an order that asks for more than there is, or a voucher that does not apply, and changes nothing', async () => {
    const { api, addressId } = await newShopper();
    const line = await api.addToCart(ids.sneakers as string, 5, '0');
    const { key } = (await api.session({ cartItemIds: [line] })).json();
    const refused = await api.order({
      checkoutSessionKey: key,
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'checkout/out_of_stock',
      params: ['Canvas Sneakers', '2'],
    });

    await api.send('PUT', `/api/cart/${line}`, { quantity: 1 });
    await addVoucher(harness.app.db, { code: 'BIGSPEND', minSpendMinor: 100_000 });
    const minimum = await api.order({
      checkoutSessionKey: key,
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
      voucherCode: 'BIGSPEND',
    });
    expect(minimum.json().error).toMatchObject({ code: 'voucher/minimum_not_met', params: ['S$1,000.00'] });
    const method = await api.order({
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: addressId,
    });
    expect(method.json().error.code).toBe('checkout/payment_method_unavailable');
    expect(await stockOf(ids.sneakers as string)).toBe(2);
  });

  it("lists and shows only the shopper's orders, cancels an unpaid one and gives back what it held", async () => {
    const { user, api, addressId } = await newShopper();
    const voucher = await addVoucher(harness.app.db, { code: 'GIVEBACK', totalLimit: 1 });
    const before = await stockOf(ids.speaker as string);
    const line = await api.addToCart(ids.speaker as string, 3);
    const quoted = await addResolvedQuotation(harness.app.db, user.id, { SG: sgd(4500) });
    const { key } = (await api.session({ cartItemIds: [line], quotationItemIds: [quoted] })).json();
    const { order } = (
      await api.order({
        checkoutSessionKey: key,
        paymentMethod: 'test_card',
        shippingAddressId: addressId,
        voucherCode: 'GIVEBACK',
      })
    ).json();
    expect(await stockOf(ids.speaker as string)).toBe((before ?? 0) - 3);

    const page = (await api.get('/api/order?limit=5')).json();
    expect(page).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(page.orders[0]).toMatchObject({
      id: order.id,
      lineCount: 2,
      firstItem: { name: 'Shelf Speaker', quantity: 3 },
    });
    expect((await api.get(`/api/order/${order.id}`)).json().order.id).toBe(order.id);

    const other = await newShopper();
    for (const response of [
      await other.api.get(`/api/order/${order.id}`),
      await other.api.send('DELETE', `/api/order/${order.id}`),
      await other.api.get(`/api/order/${order.id}/dispute_info`),
      await other.api.get('/api/order/not-an-id'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('order/not_found');
    }
    expect((await other.api.get('/api/order')).json().total).toBe(0);

    expect((await api.send('POST', `/api/order/${order.id}/confirm_receipt`)).json().error.code).toBe(
      'order/not_receivable',
    );
    const info = (await api.get(`/api/order/${order.id}/dispute_info/v1`)).json();
    expect(info).toMatchObject({
      orderRef: order.orderRef,
      canDispute: false,
      refusal: { code: 'order/not_disputable' },
    });

    const cancelled = await api.send('DELETE', `/api/order/${order.id}`, { reason: 'Changed my mind' });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', cancelReason: 'Changed my mind' });
    expect(cancelled.json().order.cancelledAt).not.toBeNull();
    expect(await stockOf(ids.speaker as string)).toBe(before);
    const [voucherRow] = await harness.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(voucherRow?.redeemedCount).toBe(0);
    const [redemption] = await harness.app.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.orderId, order.id));
    expect(redemption?.releasedAt).not.toBeNull();
    const [quotedRow] = await harness.app.db
      .select()
      .from(quotationItems)
      .where(eq(quotationItems.id, quoted));
    expect(quotedRow?.orderedAt).toBeNull();
    expect((await api.send('DELETE', `/api/order/${order.id}`)).json().error.code).toBe(
      'order/not_cancellable',
    );
  });

  it('cancels unpaid orders past their payment time, giving back stock and voucher once', async () => {
    const { api, addressId } = await newShopper();
    const voucher = await addVoucher(harness.app.db, { code: 'EXPIRING', totalLimit: 5 });
    const before = await stockOf(ids.speaker as string);
    const line = await api.addToCart(ids.speaker as string, 2);
    const { key } = (await api.session({ cartItemIds: [line] })).json();
    const { order } = (
      await api.order({
        checkoutSessionKey: key,
        paymentMethod: 'paynow',
        shippingAddressId: addressId,
        voucherCode: 'EXPIRING',
      })
    ).json();

    expect(await expireUnpaidOrders(cardProviderOf(harness.app))).toBe(0);
    const later = new Date(Date.now() + 61 * 60_000);
    // Other tests' unpaid orders are past due by then too.
    expect(await expireUnpaidOrders(cardProviderOf(harness.app), later)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidOrders(cardProviderOf(harness.app), later)).toBe(0);

    const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Payment was not received in time' });
    expect(await stockOf(ids.speaker as string)).toBe(before);
    const [voucherRow] = await harness.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(voucherRow?.redeemedCount).toBe(0);
    const events = await harness.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => [event.toStatus, event.actor])).toEqual([
      ['pending_payment', 'shopper'],
      ['cancelled', 'system'],
    ]);
  });

  it('checks out resolved quotations alone, once however often it is sent', async () => {
    const { user, api, addressId } = await newShopper();
    const quoted = await addResolvedQuotation(
      harness.app.db,
      user.id,
      { SG: sgd(4500), MY: { amountMinor: 15_700, currency: 'MYR' } },
      { quantity: 2 },
    );
    const estimate = (
      await api.get(`/api/quotation_checkout/estimate_costs?quotationIds=${quoted}&paymentMethod=paynow`)
    ).json();
    expect(estimate).toMatchObject({
      subtotal: sgd(9000),
      lines: [{ source: 'quotation_external', marketplaceLabel: 'Rakuten (QUOTATION)' }],
    });
    const body = { quotationIds: [quoted], paymentMethod: 'paynow', shippingAddressId: addressId };
    const first = await api.send('POST', '/api/quotation_checkout/create_order', body);
    expect(first.statusCode).toBe(201);
    const second = await api.send('POST', '/api/quotation_checkout/create_order', body);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect((await api.get('/api/order')).json().total).toBe(1);
  });

  it('answers each voucher refusal with its own code', async () => {
    const { api } = await newShopper();
    const day = 86_400_000;
    await addVoucher(harness.app.db, { code: 'OLD', endsAt: new Date(Date.now() - day) });
    await addVoucher(harness.app.db, { code: 'SOON', startsAt: new Date(Date.now() + day) });
    await addVoucher(harness.app.db, { code: 'MYONLY', regions: ['MY'] });
    await addVoucher(harness.app.db, { code: 'PAYNOWONLY', paymentMethods: ['paynow'] });
    await addVoucher(harness.app.db, { code: 'GONE', totalLimit: 1, redeemedCount: 1 });
    await addVoucher(harness.app.db, { code: 'OFF', active: false });
    const validate = async (code: string, extra = {}) =>
      (await api.send('POST', '/api/voucher/validate', { code, ...extra })).json();
    expect((await validate('OLD')).error.code).toBe('voucher/expired');
    expect((await validate('SOON')).error.code).toBe('voucher/not_yet_valid');
    expect((await validate('MYONLY')).error).toMatchObject({ code: 'voucher/wrong_region', params: ['MY'] });
    expect((await validate('PAYNOWONLY', { paymentMethod: 'test_card' })).error.code).toBe(
      'voucher/wrong_payment_method',
    );
    expect((await validate('GONE')).error.code).toBe('voucher/used_up');
    expect((await validate('OFF')).error.code).toBe('voucher/unknown');
    expect((await validate('no such code!')).error.code).toBe('voucher/unknown');
    const ok = await validate('myonly', { regionCountryCode: 'MY' });
    expect(ok).toMatchObject({
      voucher: { code: 'MYONLY', kind: 'percent' },
      discount: { amountMinor: 0, currency: 'MYR' },
    });

    const line = await api.addToCart(ids.speaker as string, 2);
    await addVoucher(harness.app.db, {
      code: 'LISTED5',
      kind: 'fixed',
      percentOff: null,
      amountOffMinor: 500,
      minSpendMinor: 10_000,
    });
    const available = (
      await api.send('POST', '/api/voucher/get_available', { voucherItems: { cartItemIds: [line] } })
    ).json();
    const listed = available.vouchers.find((entry: { code: string }) => entry.code === 'LISTED5');
    expect(listed).toMatchObject({ discount: null, refusal: { code: 'voucher/minimum_not_met' } });
    expect(
      available.vouchers.some((entry: { code: string }) =>
        ['OLD', 'SOON', 'GONE', 'OFF'].includes(entry.code),
      ),
    ).toBe(false);
  });
});

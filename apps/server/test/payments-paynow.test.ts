import { formatMoney } from '@crossbuy/core/money';
import { crc16Ccitt, readPaynowPayload } from '@crossbuy/core/order';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { payments } from '../src/features/orders/order-ledger.table.js';
import { orderEvents, orders } from '../src/features/orders/orders.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

describe('PayNow and the test card', () => {
  let harness: TestApp;
  let operator: ReturnType<typeof apiAs>;
  let operatorId: string;

  beforeAll(async () => {
    harness = await createTestApp({
      env: { PAYNOW_UEN: '201912345K', PAYNOW_MERCHANT_NAME: 'Crossbuy Pte Ltd' },
    });
    await seedRegions(harness.app.db);
    const staff = await createUser(harness.app, { role: 'operator' });
    operatorId = staff.id;
    operator = apiAs(harness.app, await signInAs(harness.app, staff, { tfaPassed: true }));
  });
  afterAll(() => harness?.close());

  const newShopper = async () => {
    const user = await createUser(harness.app);
    return { user, api: apiAs(harness.app, await signInAs(harness.app, user)) };
  };
  const orderRow = async (orderId: string) =>
    (await harness.app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const timeline = (orderId: string) =>
    harness.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.seq);
  const confirm = (orderId: string, as = operator) =>
    as.send('POST', `/api/admin/orders/${orderId}/confirm_paynow`);

  it('shows a PayNow QR whose payload carries the amount, order reference and expiry under a valid checksum', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'paynow', totalMinor: 10_705 });

    const response = await api.send('POST', `/api/order/${order.id}/payment_info`);
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json();
    expect(info).toMatchObject({
      orderId: order.id,
      orderRef: order.orderRef,
      method: 'paynow',
      amount: { amountMinor: 10_705, currency: 'SGD' },
      payable: true,
      paymentDueAt: order.paymentDueAt.toISOString(),
      paynow: { reference: order.orderRef, merchantName: 'Crossbuy Pte Ltd', markedPaidAt: null },
    });
    expect(info.paynow.qrImage).toMatch(/^data:image\/png;base64,/);

    const payload: string = info.paynow.payload;
    // The checksum is computed here independently of both the generator and the reader.
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(crc16Ccitt(payload.slice(0, -4))).toBe(payload.slice(-4));
    expect(crc16Ccitt(`${payload.slice(0, -4)}x`)).not.toBe(payload.slice(-4));
    const due = new Date(order.paymentDueAt.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
    expect(readPaynowPayload(payload)).toEqual({
      uen: '201912345K',
      amount: '107.05',
      amountEditable: false,
      expiry: due.replaceAll('-', ''),
      reference: order.orderRef,
      merchantName: 'Crossbuy Pte Ltd',
    });
    expect(info.paynow.expiryDate).toBe(due.replaceAll('-', ''));
  });

  it('takes PayNow in Singapore dollars only', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, {
      method: 'paynow',
      currency: 'MYR',
      region: 'MY',
    });
    const response = await api.send('POST', `/api/order/${order.id}/payment_info`);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('payment/paynow_unavailable');
  });

  it('lets the shopper mark the transfer made, tells the store, and an operator confirms the order paid', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'paynow' });

    const marked = await api.send('POST', `/api/order/${order.id}/paynow_paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    const { markedPaidAt } = marked.json();
    expect((await api.send('POST', `/api/order/${order.id}/paynow_paid`)).json()).toEqual({ markedPaidAt });
    expect((await orderRow(order.id))?.paynowMarkedPaidAt?.toISOString()).toBe(markedPaidAt);
    const info = await api.send('POST', `/api/order/${order.id}/payment_info`);
    expect(info.json().paynow.markedPaidAt).toBe(markedPaidAt);
    const notices = await harness.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, operatorId), eq(notifications.groupKey, `order:${order.id}:paynow`)),
      );
    expect(notices).toEqual([
      expect.objectContaining({
        title: `Check the PayNow transfer for order ${order.orderRef}`,
        body: `The shopper says they sent ${formatMoney({ amountMinor: order.totalMinor, currency: order.currency })} by PayNow. Confirm the order once it arrives.`,
      }),
    ]);

    const shopperTries = await confirm(order.id, api);
    expect(shopperTries.statusCode).toBe(403);
    expect(errorCode(shopperTries)).toBe('auth/not_authorized');
    expect((await orderRow(order.id))?.status).toBe('pending_payment');

    const confirmed = await confirm(order.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect(await timeline(order.id)).toEqual([
      expect.objectContaining({
        kind: 'payment',
        actor: 'shopper',
        detail: expect.objectContaining({ result: 'marked_paid' }),
      }),
      expect.objectContaining({ kind: 'status', toStatus: 'paid', actor: 'store', actorUserId: operatorId }),
    ]);
    expect(await harness.app.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([
      expect.objectContaining({ method: 'paynow', status: 'succeeded', amountMinor: order.totalMinor }),
    ]);

    expect(errorCode(await confirm(order.id))).toBe('payment/not_payable');
    expect(errorCode(await api.send('POST', `/api/order/${order.id}/paynow_paid`))).toBe(
      'payment/not_payable',
    );
    const paidInfo = await api.send('POST', `/api/order/${order.id}/payment_info`);
    expect(paidInfo.json()).toMatchObject({ payable: false });
    expect(paidInfo.json().paynow).toBeUndefined();
  });

  it("refuses another shopper's order, unknown orders and orders paid another way", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
    const order = await placeOrder(harness.app.db, owner.user.id, { method: 'paynow' });
    for (const response of [
      await stranger.api.send('POST', `/api/order/${order.id}/paynow_paid`),
      await stranger.api.send('POST', `/api/order/${order.id}/payment_info`),
      await stranger.api.send('POST', '/api/payment/test_card/pay', {
        orderId: order.id,
        cardNumber: '4242424242424242',
      }),
      await confirm('6f1c1a52-0000-4000-8000-000000000000'),
      await confirm('not-an-id'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('order/not_found');
    }
    expect((await orderRow(order.id))?.paynowMarkedPaidAt).toBeNull();
    const cardOrder = await placeOrder(harness.app.db, owner.user.id, { method: 'test_card' });
    expect(errorCode(await owner.api.send('POST', `/api/order/${cardOrder.id}/paynow_paid`))).toBe(
      'payment/wrong_method',
    );
    expect(errorCode(await confirm(cardOrder.id))).toBe('payment/wrong_method');
  });

  it('pays with the test card 4242 and declines 4000 0000 0000 0002, through the same paid path', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'test_card' });
    const payTest = (cardNumber: unknown) =>
      api.send('POST', '/api/payment/test_card/pay', { orderId: order.id, cardNumber });

    expect((await payTest('4000 0000 0000 0002')).json()).toEqual({
      status: 'failed',
      message: 'Your card was declined (test card)',
    });
    expect((await orderRow(order.id))?.status).toBe('pending_payment');
    const unknown = await payTest('4111111111111111');
    expect(unknown.statusCode).toBe(400);
    expect(errorCode(unknown)).toBe('payment/unknown_test_card');

    const answers = await Promise.all(Array.from({ length: 5 }, () => payTest('4242 4242 4242 4242')));
    const codes = answers.map((answer) =>
      answer.statusCode === 200 ? answer.json().status : errorCode(answer),
    );
    expect(codes.filter((code) => code === 'succeeded')).toHaveLength(1);
    expect(codes.filter((code) => code === 'payment/not_payable')).toHaveLength(4);
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect((await timeline(order.id)).map((event) => event.detail.result ?? event.toStatus)).toEqual([
      'failed',
      'paid',
    ]);

    // Without provider keys there are no cards but the test card.
    const cardOrder = await placeOrder(harness.app.db, user.id, { method: 'card' });
    const card = await api.send('POST', '/api/payment/stripe/card/pay', {
      orderId: cardOrder.id,
      paymentMethodId: 'pm_card_visa',
    });
    expect(errorCode(card)).toBe('payment/card_unavailable');
    expect((await api.send('POST', `/api/order/${cardOrder.id}/payment_info`)).json().card).toEqual({
      publishableKey: null,
      clientSecret: null,
    });
    expect((await api.get('/api/payment/stripe/card/payment_methods')).statusCode).toBe(403);
  });

  it('refuses bad test card input', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'test_card' });
    for (const body of [null, [], 'card', { orderId: order.id, cardNumber: 4242424242424242 }]) {
      const response = await api.send('POST', '/api/payment/test_card/pay', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const listed = await api.send('POST', '/api/payment/test_card/pay', {
      orderId: [order.id],
      cardNumber: '4242424242424242',
    });
    expect(errorCode(listed)).toBe('order/not_found');
    expect((await orderRow(order.id))?.status).toBe('pending_payment');
  });
});

describe('the test card in production', () => {
  it('does not exist', async () => {
    const harness = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' },
    });
    try {
      await seedRegions(harness.app.db);
      const user = await createUser(harness.app);
      const api = apiAs(harness.app, await signInAs(harness.app, user));
      const order = await placeOrder(harness.app.db, user.id, { method: 'test_card' });
      const response = await api.send('POST', '/api/payment/test_card/pay', {
        orderId: order.id,
        cardNumber: '4242424242424242',
      });
      expect(errorCode(response)).toBe('payment/test_card_unavailable');
      // Nor is there a made-up PayNow account to send money to.
      const paynowOrder = await placeOrder(harness.app.db, user.id, { method: 'paynow' });
      const info = await api.send('POST', `/api/order/${paynowOrder.id}/payment_info`);
      expect(errorCode(info)).toBe('payment/paynow_unavailable');
    } finally {
      await harness.close();
    }
  });
});

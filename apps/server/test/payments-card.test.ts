import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/features/orders/order-ledger.table.js';
import { orderEvents, orders } from '../src/features/orders/orders.table.js';
import { paymentProviderEvents } from '../src/features/payments/payments.table.js';
import { errorCode } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { type StripeStandIn, startStripeStandIn } from './helpers/stripe-stand-in.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

describe('card payments', () => {
  let stripe: StripeStandIn;
  let harness: TestApp;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    harness = await createTestApp({
      env: {
        ...stripe.env,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_crossbuy',
      },
    });
    await seedRegions(harness.app.db);
    const staff = await createUser(harness.app, { role: 'operator' });
    operator = apiAs(harness.app, await signInAs(harness.app, staff, { tfaPassed: true }));
  });
  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
  });

  let operator: ReturnType<typeof apiAs>;
  const newShopper = async (options: { tfaPassed?: boolean } = {}) => {
    const user = await createUser(harness.app);
    return { user, api: apiAs(harness.app, await signInAs(harness.app, user, options)) };
  };
  const pay = (api: ReturnType<typeof apiAs>, orderId: string, paymentMethodId: string, save = false) =>
    api.send('POST', '/api/payment/stripe/card/pay', { orderId, paymentMethodId, savePaymentMethod: save });
  const deliver = (event: Stripe.Event, secret?: string) => {
    const { payload, headers } = stripe.delivery(event, secret);
    return harness.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', headers, payload });
  };
  const paidEvents = async (orderId: string) =>
    harness.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'paid')));
  const orderPayments = (orderId: string) =>
    harness.app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const statusOf = async (orderId: string) =>
    (await harness.app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const lastEvent = (type: string, intentId: string) => {
    const event = stripe.events.findLast(
      (candidate) =>
        candidate.type === type && (candidate.data.object as Stripe.PaymentIntent).id === intentId,
    );
    if (!event) throw new Error(`no ${type} for ${intentId}`);
    return event;
  };

  it('pays the order total with a card and marks the order paid once', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card', totalMinor: 4_990 });

    const answer = await pay(api, order.id, 'pm_card_visa');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'succeeded' });

    const [payment] = await orderPayments(order.id);
    expect(payment).toMatchObject({
      status: 'succeeded',
      method: 'card',
      amountMinor: 4_990,
      currency: 'SGD',
    });
    const intent = stripe.intent(payment?.providerRef ?? '');
    expect(intent).toMatchObject({ amount: 4_990, currency: 'sgd', metadata: { orderId: order.id } });
    expect(await statusOf(order.id)).toBe('paid');

    // The provider's own report of the same success, delivered after the answer, changes nothing, and is
    // recorded as processed; delivered again, it is still nothing.
    const succeeded = lastEvent('payment_intent.succeeded', intent?.id ?? '');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(
      await harness.app.db
        .select({ type: paymentProviderEvents.type })
        .from(paymentProviderEvents)
        .where(eq(paymentProviderEvents.eventId, succeeded.id)),
    ).toEqual([{ type: 'payment_intent.succeeded' }]);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await paidEvents(order.id)).toHaveLength(1);
    expect(await orderPayments(order.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await pay(api, order.id, 'pm_card_visa').then(errorCode)).toBe('payment/not_payable');
  });

  it('processes a provider event delivered twice, in sequence or at once, once: the order is paid once', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });

    const started = await pay(api, order.id, 'pm_card_threeDSecure2Required');
    expect(started.json()).toMatchObject({ status: 'requires_action', clientSecret: expect.any(String) });
    const [payment] = await orderPayments(order.id);
    const intentId = payment?.providerRef ?? '';
    const info = await api.send('POST', `/api/order/${order.id}/payment_info`);
    expect(info.json().card).toEqual({
      publishableKey: 'pk_test_crossbuy',
      clientSecret: started.json().clientSecret,
    });
    expect(await statusOf(order.id)).toBe('pending_payment');

    const succeeded = stripe.completeAuthentication(intentId);
    const answers = [
      await deliver(succeeded),
      ...(await Promise.all([deliver(succeeded), deliver(succeeded)])),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);

    expect(await statusOf(order.id)).toBe('paid');
    expect(await paidEvents(order.id)).toEqual([
      expect.objectContaining({
        actor: 'provider',
        fromStatus: 'pending_payment',
        detail: expect.objectContaining({ reference: intentId }),
      }),
    ]);
    expect((await orderPayments(order.id)).map((row) => row.status)).toEqual(['succeeded']);
    const recorded = await harness.app.db
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.eventId, succeeded.id));
    expect(recorded).toHaveLength(1);
  });

  it('stops a payment at the bank when its order is cancelled: the bank can no longer take the money', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card', totalMinor: 2_500 });
    const started = await pay(api, order.id, 'pm_card_threeDSecure2Required');
    expect(started.json()).toMatchObject({ status: 'requires_action' });
    const [payment] = await orderPayments(order.id);
    const intentId = payment?.providerRef ?? '';

    const cancelled = await api.send('DELETE', `/api/order/${order.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(stripe.intent(intentId)?.status).toBe('canceled');
    expect(() => stripe.completeAuthentication(intentId)).toThrow(/canceled/);
    expect((await orderPayments(order.id)).map((row) => row.status)).toEqual(['cancelled']);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(stripe.moneyOf(order.id)).toEqual({ takenMinor: 0, refundedMinor: 0 });
    // The provider's own word that it stopped the intent changes nothing more.
    expect((await deliver(lastEvent('payment_intent.canceled', intentId))).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
  });

  it('keeps an order the bank paid while its shopper was cancelling it: paid, and the cancel refused', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card', totalMinor: 2_500 });
    await pay(api, order.id, 'pm_card_threeDSecure2Required');
    const [payment] = await orderPayments(order.id);
    // The bank has taken the money; its event has not reached the store yet.
    const succeeded = stripe.completeAuthentication(payment?.providerRef ?? '');

    const cancel = await api.send('DELETE', `/api/order/${order.id}`);
    expect(cancel.statusCode).toBe(400);
    expect(errorCode(cancel)).toBe('order/not_cancellable');
    expect(await statusOf(order.id)).toBe('paid');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await paidEvents(order.id)).toHaveLength(1);
  });

  it('refunds money that arrives for a closed order, or of another amount, and pays nothing', async () => {
    const paymentEvents = (orderId: string) =>
      harness.app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'payment')));
    const ledgerOf = async (orderId: string) =>
      (await operator.get(`/api/admin/orders/${orderId}/refunds`)).json();

    // An intent the store has no record of (made before a restart lost its answer) takes the money
    // after the shopper cancelled the order.
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card', totalMinor: 2_500 });
    const unrecorded = await stripe.sdk.paymentIntents.create({
      amount: 2_500,
      currency: 'sgd',
      metadata: { orderId: order.id },
    });
    expect((await api.send('DELETE', `/api/order/${order.id}`)).statusCode).toBe(200);
    await stripe.sdk.paymentIntents.confirm(unrecorded.id, { payment_method: 'pm_card_visa' });
    const succeeded = lastEvent('payment_intent.succeeded', unrecorded.id);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await paidEvents(order.id)).toEqual([]);
    expect((await paymentEvents(order.id)).map((event) => event.detail)).toEqual([
      expect.objectContaining({
        result: 'received_after_close',
        reference: unrecorded.id,
        amountMinor: 2_500,
      }),
    ]);
    expect(await ledgerOf(order.id)).toMatchObject({
      paid: { amountMinor: 2_500, currency: 'SGD' },
      refunded: { amountMinor: 0, currency: 'SGD' },
      owedBack: { amountMinor: 0, currency: 'SGD' },
      refunds: [expect.objectContaining({ status: 'pending', createdBy: null })],
    });
    // The refund is asked of the provider by a job, so it survives an outage or a restart.
    await harness.app.jobs.runDue();
    expect(stripe.moneyOf(order.id)).toEqual({ takenMinor: 2_500, refundedMinor: 2_500 });
    expect(await ledgerOf(order.id)).toMatchObject({
      refunded: { amountMinor: 2_500, currency: 'SGD' },
      refundable: { amountMinor: 0, currency: 'SGD' },
      refunds: [expect.objectContaining({ status: 'succeeded' })],
    });

    // A report of another amount than the order's total never makes it paid, and is given back.
    const short = await newShopper();
    const shortOrder = await placeOrder(harness.app.db, short.user.id, { method: 'card', totalMinor: 2_500 });
    await pay(short.api, shortOrder.id, 'pm_card_threeDSecure2Required');
    const [payment] = await orderPayments(shortOrder.id);
    const reported = stripe.completeAuthentication(payment?.providerRef ?? '');
    const intent = reported.data.object as Stripe.PaymentIntent;
    const altered = {
      ...reported,
      id: `${reported.id}_short`,
      data: { object: { ...intent, amount: 2_000, amount_received: 2_000 } },
    } as Stripe.Event;
    expect((await deliver(altered)).statusCode).toBe(200);
    expect(await statusOf(shortOrder.id)).toBe('pending_payment');
    expect((await paymentEvents(shortOrder.id)).map((event) => event.detail)).toEqual([
      expect.objectContaining({ result: 'received_after_close', amountMinor: 2_000, currency: 'SGD' }),
    ]);
    expect(await ledgerOf(shortOrder.id)).toMatchObject({
      paid: { amountMinor: 2_000, currency: 'SGD' },
      refunds: [
        expect.objectContaining({ amount: { amountMinor: 2_000, currency: 'SGD' }, status: 'pending' }),
      ],
    });
  });

  it('refuses webhook deliveries whose signature is wrong or missing', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    await pay(api, order.id, 'pm_card_threeDSecure2Required');
    const [payment] = await orderPayments(order.id);
    const event = stripe.completeAuthentication(payment?.providerRef ?? '');

    const forged = await deliver(event, 'whsec_not_the_store_secret');
    expect(forged.statusCode).toBe(400);
    expect(errorCode(forged)).toBe('payment/invalid_signature');
    const unsigned = await harness.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(errorCode(unsigned)).toBe('payment/invalid_signature');
    const { payload, headers } = stripe.delivery(event);
    const altered = await harness.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers,
      payload: payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(errorCode(altered)).toBe('payment/invalid_signature');
    expect(await statusOf(order.id)).toBe('pending_payment');

    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
  });

  it('makes one intent and one payment for 20 parallel pays of one order', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    const intentsBefore = stripe.created.intents;

    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(api, order.id, 'pm_card_visa')));
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.json()).toEqual({ status: 'succeeded' });
      else expect(errorCode(answer)).toBe('payment/not_payable');
    }
    expect(stripe.created.intents - intentsBefore).toBe(1);
    expect((await orderPayments(order.id)).map((row) => row.status)).toEqual(['succeeded']);
    expect(await paidEvents(order.id)).toHaveLength(1);
  });

  it('answers a declined card as failed, records the failure, and pays the same intent with another card', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    const intentsBefore = stripe.created.intents;

    const declined = await pay(api, order.id, 'pm_card_chargeDeclined');
    expect(declined.json()).toEqual({ status: 'failed', message: 'Your card was declined.' });
    const [payment] = await orderPayments(order.id);
    await deliver(lastEvent('payment_intent.payment_failed', payment?.providerRef ?? ''));
    const timeline = await harness.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(timeline).toEqual([
      expect.objectContaining({
        kind: 'payment',
        actor: 'provider',
        detail: expect.objectContaining({ result: 'failed', message: 'Your card was declined.' }),
      }),
    ]);
    expect(await statusOf(order.id)).toBe('pending_payment');

    expect((await pay(api, order.id, 'pm_card_visa')).json()).toEqual({ status: 'succeeded' });
    expect(stripe.created.intents - intentsBefore).toBe(1);
    expect(await statusOf(order.id)).toBe('paid');
  });

  it("answers 404 for another shopper's order, and refuses an order paid another way", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
    const order = await placeOrder(harness.app.db, owner.user.id, { method: 'card' });
    for (const response of [
      await pay(stranger.api, order.id, 'pm_card_visa'),
      await stranger.api.send('POST', `/api/order/${order.id}/payment_info`),
      await pay(stranger.api, 'not-an-id', 'pm_card_visa'),
      await stranger.api.send('POST', '/api/order/not-an-id/payment_info'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('order/not_found');
    }
    const paynowOrder = await placeOrder(harness.app.db, owner.user.id, { method: 'paynow' });
    const wrong = await pay(owner.api, paynowOrder.id, 'pm_card_visa');
    expect(errorCode(wrong)).toBe('payment/wrong_method');
    expect(wrong.json().error.params).toEqual(['PayNow']);
    // With provider keys the test card does not exist.
    const testCard = await owner.api.send('POST', '/api/payment/test_card/pay', {
      orderId: order.id,
      cardNumber: '4242424242424242',
    });
    expect(errorCode(testCard)).toBe('payment/test_card_unavailable');
  });

  it('refuses bad input, visitors and calls without the anti-forgery header', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    for (const body of [null, [], 'pay', { orderId: order.id, paymentMethodId: '4242424242424242' }]) {
      const response = await api.send('POST', '/api/payment/stripe/card/pay', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const nul = await api.send('POST', '/api/payment/stripe/card/pay', {
      orderId: `${order.id}\u0000`,
      paymentMethodId: 'pm_card_visa',
    });
    expect(nul.statusCode).toBe(400);
    expect(errorCode(await api.send('POST', '/api/payment/stripe/card/pay', { orderId: order.id }))).toBe(
      'general/missing_argument',
    );

    const session = await signInAs(harness.app, user);
    const withoutHeader = await harness.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/card/pay',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: order.id, paymentMethodId: 'pm_card_visa' }),
    });
    expect(withoutHeader.statusCode).toBe(403);
    expect(errorCode(withoutHeader)).toBe('auth/invalid_state');

    const visitor = apiAs(harness.app, await withXsrf(harness.app));
    expect((await pay(visitor, order.id, 'pm_card_visa')).statusCode).toBe(401);
    expect(await statusOf(order.id)).toBe('pending_payment');
  });

  it('keeps saved cards behind two-factor authentication and to their owner', async () => {
    const { user } = await newShopper();
    const halfway = apiAs(harness.app, await signInAs(harness.app, user));
    const verified = apiAs(harness.app, await signInAs(harness.app, user, { tfaPassed: true }));
    for (const response of [
      await halfway.get('/api/payment/stripe/card/payment_methods'),
      await halfway.send('DELETE', '/api/payment/stripe/card/payment_methods/pm_card_visa'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('auth/tfa_not_verified');
    }
    expect((await verified.get('/api/payment/stripe/card/payment_methods')).json()).toEqual({
      paymentMethods: [],
    });

    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    expect((await pay(verified, order.id, 'pm_card_visa', true)).json()).toEqual({ status: 'succeeded' });
    const listed = await verified.get('/api/payment/stripe/card/payment_methods');
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const saved = listed.json().paymentMethods;
    expect(saved).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    ]);
    const savedId: string = saved[0].id;

    const other = await newShopper({ tfaPassed: true });
    const theirs = await other.api.send('DELETE', `/api/payment/stripe/card/payment_methods/${savedId}`);
    expect(theirs.statusCode).toBe(404);
    expect(errorCode(theirs)).toBe('payment/card_not_found');
    // Nor can another shopper pay with it.
    const otherOrder = await placeOrder(harness.app.db, other.user.id, { method: 'card' });
    expect(errorCode(await pay(other.api, otherOrder.id, savedId))).toBe('payment/invalid_payment_method');
    expect(await statusOf(otherOrder.id)).toBe('pending_payment');

    const removed = await verified.send('DELETE', `/api/payment/stripe/card/payment_methods/${savedId}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await verified.get('/api/payment/stripe/card/payment_methods')).json().paymentMethods).toEqual(
      [],
    );
    const again = await verified.send('DELETE', `/api/payment/stripe/card/payment_methods/${savedId}`);
    expect(errorCode(again)).toBe('payment/card_not_found');
  });

  it('says so when the card provider cannot be reached', async () => {
    const { user, api } = await newShopper();
    const order = await placeOrder(harness.app.db, user.id, { method: 'card' });
    stripe.setDown(true);
    try {
      const response = await pay(api, order.id, 'pm_card_visa');
      expect(response.statusCode).toBe(502);
      expect(errorCode(response)).toBe('payment/provider_error');
    } finally {
      stripe.setDown(false);
    }
    expect((await pay(api, order.id, 'pm_card_visa')).json()).toEqual({ status: 'succeeded' });
  });
});

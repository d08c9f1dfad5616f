import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { products } from '../src/features/catalogue/catalogue.table.js';
import { notifications } from '../src/features/notifications/notifications.table.js';
import { orderRefunds, payments } from '../src/features/orders/order-ledger.table.js';
import { orderEvents, orderLines, orders } from '../src/features/orders/orders.table.js';
import { errorCode } from './helpers/browser.js';
import {
  addProduct,
  type CatalogueFixture,
  seedCatalogue,
  seedRegions,
} from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { type StripeStandIn, startStripeStandIn } from './helpers/stripe-stand-in.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Api = ReturnType<typeof apiAs>;
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' });

/** Calls of the desk's refunds, cancel and dispute settlement, as `desk`. */
function refundCalls(desk: Api) {
  return {
    refund: (orderId: string, body: unknown) =>
      desk.send('POST', `/api/admin/orders/${orderId}/refunds`, body),
    refunds: (orderId: string) => desk.get(`/api/admin/orders/${orderId}/refunds`),
    cancel: (orderId: string, body: unknown) =>
      desk.send('POST', `/api/admin/orders/${orderId}/cancel`, body),
    resolve: (orderId: string, body: unknown) =>
      desk.send('POST', `/api/admin/orders/${orderId}/dispute/resolve`, body),
  };
}

describe('refunds, cancelling paid orders and disputes on the order desk', () => {
  let harness: TestApp;
  let desk: Api;
  let calls: ReturnType<typeof refundCalls>;
  let operatorId: string;
  let catalogue: CatalogueFixture;

  beforeAll(async () => {
    harness = await createTestApp();
    catalogue = await seedCatalogue(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    operatorId = operator.id;
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    calls = refundCalls(desk);
  });
  afterAll(() => harness?.close());

  /** A PayNow order of a new shopper, paid: the operator confirmed the transfer. */
  const paidPaynowOrder = async (totalMinor = 10_000) => {
    const shopper = await createUser(harness.app);
    const order = await placeOrder(harness.app.db, shopper.id, { method: 'paynow', totalMinor });
    const confirmed = await desk.send('POST', `/api/admin/orders/${order.id}/confirm_paynow`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { shopper, order };
  };
  const refundRows = (orderId: string) =>
    harness.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const paymentOf = async (orderId: string) =>
    (await harness.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const auditOf = (orderId: string, action: string) =>
    harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, orderId), eq(auditEntries.action, action)));

  it('records a partial PayNow refund, then the rest, each on the timeline, told to the shopper and audited', async () => {
    const { shopper, order } = await paidPaynowOrder(10_000);

    const partial = await calls.refund(order.id, {
      amount: sgd(2_500),
      reason: ' One mug arrived broken ',
      reference: 'DBS-REF-1',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().refund).toMatchObject({
      amount: sgd(2_500),
      method: 'paynow',
      status: 'succeeded',
      reason: 'One mug arrived broken',
      reference: 'DBS-REF-1',
      failureMessage: null,
    });
    expect((await calls.refunds(order.id)).json()).toMatchObject({
      paid: sgd(10_000),
      method: 'paynow',
      refunded: sgd(2_500),
      refundable: sgd(7_500),
    });

    const rest = await calls.refund(order.id, {
      amount: sgd(7_500),
      reason: 'Order returned',
      reference: 'DBS-REF-2',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const listed = (await calls.refunds(order.id)).json();
    expect(listed).toMatchObject({ refunded: sgd(10_000), refundable: sgd(0) });
    expect(listed.refunds.map((refund: { amount: unknown; createdBy: string }) => refund.amount)).toEqual([
      sgd(2_500),
      sgd(7_500),
    ]);
    expect((await paymentOf(order.id))?.refundedMinor).toBe(10_000);

    const events = await harness.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'payment')));
    expect(events.map((event) => [event.actor, event.detail])).toEqual([
      [
        'store',
        {
          method: 'paynow',
          result: 'refunded',
          amountMinor: 2_500,
          currency: 'SGD',
          reason: 'One mug arrived broken',
          reference: 'DBS-REF-1',
        },
      ],
      [
        'store',
        {
          method: 'paynow',
          result: 'refunded',
          amountMinor: 7_500,
          currency: 'SGD',
          reason: 'Order returned',
          reference: 'DBS-REF-2',
        },
      ],
    ]);
    const shopperApi = apiAs(harness.app, await signInAs(harness.app, shopper));
    const timeline = (await shopperApi.get(`/api/order/${order.id}/timeline?limit=50`)).json();
    expect(
      timeline.entries.filter(
        (entry: { detail?: { result?: string } }) => entry.detail?.result === 'refunded',
      ),
    ).toHaveLength(2);
    const notices = await harness.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, shopper.id));
    expect(notices.map((notice) => [notice.title, notice.body])).toContainEqual([
      `We refunded S$25.00 for order ${order.orderRef}`,
      'Refunded S$25.00 by bank transfer, reference DBS-REF-1. Reason: One mug arrived broken.',
    ]);

    const audited = await auditOf(order.id, 'order.refund');
    expect(audited.map((entry) => [entry.actorUserId, entry.before, entry.after])).toEqual([
      [
        operatorId,
        { refundableMinor: 10_000, currency: 'SGD' },
        expect.objectContaining({
          refundableMinor: 7_500,
          amountMinor: 2_500,
          method: 'paynow',
          status: 'succeeded',
        }),
      ],
      [
        operatorId,
        { refundableMinor: 7_500, currency: 'SGD' },
        expect.objectContaining({ refundableMinor: 0, amountMinor: 7_500 }),
      ],
    ]);

    const more = await calls.refund(order.id, { amount: sgd(1), reason: 'Goodwill', reference: 'DBS-REF-3' });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toMatchObject({
      code: 'order/refund_exceeds_paid',
      message: 'A refund cannot be more than what remains of the payment (S$0.00)',
    });
  });

  it('refuses more than remains, nothing, less than nothing, another currency, no reason and a PayNow refund without its reference', async () => {
    const { order } = await paidPaynowOrder(5_000);
    const refused = async (body: unknown) => {
      const answer = await calls.refund(order.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      return errorCode(answer);
    };
    const base = { reason: 'Late delivery', reference: 'TRX-9' };
    expect(await refused({ ...base, amount: sgd(5_001) })).toBe('order/refund_exceeds_paid');
    expect(await refused({ ...base, amount: sgd(0) })).toBe('order/invalid_refund_amount');
    expect(await refused({ ...base, amount: sgd(-100) })).toBe('order/invalid_refund_amount');
    expect(await refused({ ...base, amount: sgd(10.5) })).toBe('order/invalid_refund_amount');
    expect(await refused({ ...base, amount: { amountMinor: 100, currency: 'JPY' } })).toBe(
      'order/refund_wrong_currency',
    );
    expect(await refused({ ...base, amount: { amountMinor: 100, currency: 'ZZZ' } })).toBe(
      'order/refund_wrong_currency',
    );
    expect(await refused({ ...base, amount: sgd(Number.MAX_SAFE_INTEGER) })).toBe(
      'order/refund_exceeds_paid',
    );
    expect(await refused({ amount: sgd(100), reason: '  ', reference: 'TRX-9' })).toBe(
      'order/invalid_refund_reason',
    );
    expect(await refused({ amount: sgd(100), reason: 'Late delivery' })).toBe(
      'order/invalid_refund_reference',
    );
    for (const body of [
      null,
      [],
      'refund',
      { amount: null, reason: 'x' },
      { amount: sgd(100), reason: 'a\u0000b' },
    ]) {
      const answer = await calls.refund(order.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await refundRows(order.id)).toEqual([]);
    expect(await auditOf(order.id, 'order.refund')).toEqual([]);
  });

  it('answers 404 for an unknown order, refuses an unpaid one, and refuses calls without the anti-forgery header or by a shopper', async () => {
    const body = { amount: sgd(100), reason: 'Goodwill', reference: 'TRX-1' };
    for (const id of ['9d7a4a52-7a65-4b9a-9d7e-0f1f5d0c7a11', 'not-an-id']) {
      const answer = await calls.refund(id, body);
      expect(answer.statusCode).toBe(404);
      expect(errorCode(answer)).toBe('order/not_found');
      expect(errorCode(await calls.refunds(id))).toBe('order/not_found');
    }
    const shopper = await createUser(harness.app);
    const unpaid = await placeOrder(harness.app.db, shopper.id, { method: 'paynow' });
    expect(errorCode(await calls.refund(unpaid.id, body))).toBe('order/not_refundable');
    expect((await calls.refunds(unpaid.id)).json()).toEqual({
      paid: null,
      method: null,
      refunded: sgd(0),
      refundable: sgd(0),
      owedBack: sgd(0),
      refunds: [],
    });

    const { order } = await paidPaynowOrder();
    const session = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
      tfaPassed: true,
    });
    const forged = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('auth/invalid_state');

    const asShopper = refundCalls(apiAs(harness.app, await signInAs(harness.app, shopper)));
    for (const answer of [
      await asShopper.refund(order.id, body),
      await asShopper.refunds(order.id),
      await asShopper.cancel(order.id, { reason: 'x', reference: 'r' }),
      await asShopper.resolve(order.id, { outcome: 'completed', note: 'x' }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(errorCode(answer)).toBe('auth/not_authorized');
    }
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('answers hostile bodies to the cancel and dispute calls with a 400 and a catalogue code', async () => {
    const { order } = await paidPaynowOrder();
    const hostile = [
      null,
      [],
      'cancel',
      { reason: 'a\u0000b', reference: 'r' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', reference: '' },
      { outcome: 'completed', note: 'x'.repeat(1001) },
      { outcome: 'completed', note: 'ok', refund: { amount: sgd(2 ** 40), reference: 'r' } },
      { outcome: ['completed'], note: 'ok' },
    ];
    for (const body of hostile) {
      for (const answer of [await calls.cancel(order.id, body), await calls.resolve(order.id, body)]) {
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorCode(answer), JSON.stringify(body)).toMatch(/^(general|order)\//);
      }
    }
    const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('paid');
  });

  it('never refunds more than was paid when 20 operators refund the same order at once', async () => {
    const { order } = await paidPaynowOrder(12_345);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        calls.refund(order.id, { amount: sgd(1_000), reason: 'Price adjustment', reference: `TRX-${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(12);
    expect(answers.filter((answer) => errorCode(answer) === 'order/refund_exceeds_paid')).toHaveLength(8);
    const rows = await refundRows(order.id);
    const total = rows.reduce((sum, row) => sum + row.amountMinor, 0);
    expect(total).toBe(12_000);
    expect((await paymentOf(order.id))?.refundedMinor).toBe(12_000);
    expect(await auditOf(order.id, 'order.refund')).toHaveLength(12);
  });

  describe('cancelling a paid order', () => {
    it('cancels a paid order with a full refund of what remains, its stock given back, on the timeline and audited', async () => {
      const { order } = await paidPaynowOrder(8_000);
      const product = await addProduct(catalogue, {
        name: 'Travel mug',
        categoryId: 'headphones',
        merchant: catalogue.merchants.basics,
        priceMinor: 4_000,
        stock: 3,
      });
      await harness.app.db.insert(orderLines).values({
        orderId: order.id,
        position: 0,
        source: 'cart',
        productId: product.id,
        quantity: 2,
        unitPriceMinor: 4_000,
        lineTotalMinor: 8_000,
        capture: {
          name: 'Travel mug',
          mainImage: null,
          paramName: product.paramName,
          variantLabel: null,
          merchantName: null,
          sourceMarketPlace: null,
          productUrl: null,
          unitPrice: sgd(4_000) as { amountMinor: number; currency: 'SGD' },
        },
      });
      await calls.refund(order.id, {
        amount: sgd(1_000),
        reason: 'Shipping overcharged',
        reference: 'TRX-A',
      });

      const answer = await calls.cancel(order.id, {
        reason: 'Out of stock at the merchant',
        reference: 'TRX-B',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'cancelled',
        refund: { amount: sgd(7_000), status: 'succeeded', reference: 'TRX-B' },
      });
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Out of stock at the merchant' });
      expect((await calls.refunds(order.id)).json()).toMatchObject({
        refunded: sgd(8_000),
        refundable: sgd(0),
      });
      const [cancelled] = await harness.app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'cancelled')));
      expect(cancelled).toMatchObject({
        fromStatus: 'paid',
        actor: 'store',
        detail: { reason: 'Out of stock at the merchant' },
      });
      expect((await auditOf(order.id, 'order.cancel')).map((entry) => [entry.before, entry.after])).toEqual([
        [{ status: 'paid' }, { status: 'cancelled', reason: 'Out of stock at the merchant', refunds: 1 }],
      ]);
      const [stocked] = await harness.app.db.select().from(products).where(eq(products.id, product.id));
      expect(stocked?.stock).toBe(5);
    });

    it('keeps a PayNow payment of an order cancelled without its transfer reference owed back, until the transfer is recorded', async () => {
      const { order } = await paidPaynowOrder(4_500);
      const owed = await calls.cancel(order.id, { reason: 'Shopper asked by phone' });
      expect(owed.json()).toEqual({ status: 'cancelled', refund: null });
      expect(await refundRows(order.id)).toEqual([]);
      expect((await calls.refunds(order.id)).json()).toMatchObject({
        paid: sgd(4_500),
        refunded: sgd(0),
        refundable: sgd(4_500),
        owedBack: sgd(4_500),
      });
      const returned = await calls.refund(order.id, {
        amount: sgd(4_500),
        reason: 'Order cancelled',
        reference: 'TRX-BACK',
      });
      expect(returned.statusCode, returned.body).toBe(200);
      expect((await calls.refunds(order.id)).json()).toMatchObject({
        refunded: sgd(4_500),
        refundable: sgd(0),
        owedBack: sgd(0),
      });
    });

    it('cancels an unpaid order, and refuses one that has shipped with the lifecycle code', async () => {
      const { order: shipped } = await paidPaynowOrder();
      await harness.app.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shipped.id));
      const late = await calls.cancel(shipped.id, { reason: 'Too late', reference: 'X' });
      expect(late.statusCode).toBe(400);
      expect(errorCode(late)).toBe('order/invalid_transition');
      expect(errorCode(await calls.cancel(shipped.id, {}))).toBe('general/missing_argument');
      expect(await auditOf(shipped.id, 'order.cancel')).toEqual([]);

      const shopper = await createUser(harness.app);
      const unpaid = await placeOrder(harness.app.db, shopper.id, { method: 'paynow' });
      const cancelled = await calls.cancel(unpaid.id, { reason: 'Duplicate order' });
      expect(cancelled.json()).toEqual({ status: 'cancelled', refund: null });
      expect(await auditOf(unpaid.id, 'order.cancel')).toHaveLength(1);
    });
  });

  describe('disputes', () => {
    it("settles a shopper's dispute with a note and a refund, on the timeline and audited", async () => {
      const { shopper, order } = await paidPaynowOrder(6_000);
      const shopperApi = apiAs(harness.app, await signInAs(harness.app, shopper));
      const opened = await shopperApi.send('POST', `/api/order/${order.id}/dispute`, {
        reason: 'The parcel never came',
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const desk = (await desk_orders('?status=disputed')).map((row) => row.id);
      expect(desk).toContain(order.id);

      const answer = await calls.resolve(order.id, {
        outcome: 'cancelled',
        note: 'Lost by the carrier; refunded in full',
        refund: { amount: sgd(6_000), reference: 'TRX-D' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'cancelled',
        refund: { amount: sgd(6_000), status: 'succeeded' },
      });
      const [settled] = await harness.app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.fromStatus, 'disputed')));
      expect(settled).toMatchObject({
        toStatus: 'cancelled',
        actor: 'store',
        detail: { resolution: 'Lost by the carrier; refunded in full' },
      });
      expect((await auditOf(order.id, 'order.resolve_dispute')).map((entry) => entry.after)).toEqual([
        { status: 'cancelled', note: 'Lost by the carrier; refunded in full' },
      ]);
      expect(await auditOf(order.id, 'order.refund')).toHaveLength(1);
    });

    it('refuses to settle an order without a dispute, and leaves the dispute open when its refund is refused', async () => {
      const { shopper, order } = await paidPaynowOrder(3_000);
      expect(
        errorCode(await calls.resolve(order.id, { outcome: 'completed', note: 'Nothing to settle' })),
      ).toBe('order/not_disputed');
      const shopperApi = apiAs(harness.app, await signInAs(harness.app, shopper));
      await shopperApi.send('POST', `/api/order/${order.id}/dispute`, { reason: 'Wrong colour' });
      const tooMuch = await calls.resolve(order.id, {
        outcome: 'processing',
        note: 'Sending the right colour',
        refund: { amount: sgd(3_001), reference: 'TRX-E' },
      });
      expect(errorCode(tooMuch)).toBe('order/refund_exceeds_paid');
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe('disputed');
      expect(await auditOf(order.id, 'order.resolve_dispute')).toEqual([]);
      expect(errorCode(await calls.resolve(order.id, { outcome: 'shipped', note: 'x' }))).toBe(
        'order/invalid_dispute_outcome',
      );
    });
  });

  const desk_orders = async (query: string) =>
    (await desk.get(`/api/admin/orders${query}`)).json().orders as { id: string }[];
});

describe('card refunds through the provider', () => {
  let stripe: StripeStandIn;
  let harness: TestApp;
  let calls: ReturnType<typeof refundCalls>;
  let desk: Api;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    harness = await createTestApp({
      env: {
        ...stripe.env,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_crossbuy',
      },
    });
    await seedRegions(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    calls = refundCalls(desk);
  });
  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
  });

  const paidCardOrder = async (totalMinor: number) => {
    const shopper = await createUser(harness.app);
    const order = await placeOrder(harness.app.db, shopper.id, { method: 'card', totalMinor });
    const paid = await apiAs(harness.app, await signInAs(harness.app, shopper)).send(
      'POST',
      '/api/payment/stripe/card/pay',
      { orderId: order.id, paymentMethodId: 'pm_card_visa', savePaymentMethod: false },
    );
    expect(paid.json()).toEqual({ status: 'succeeded' });
    return order;
  };
  const paymentRow = async (orderId: string) =>
    (await harness.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const intentOf = async (orderId: string) =>
    stripe.intent(
      (await harness.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]?.providerRef ??
        '',
    );

  it('refunds part of a card payment through the provider, keyed by the refund so a retry never refunds twice', async () => {
    const order = await paidCardOrder(4_990);
    const before = stripe.created.refunds;
    const answer = await calls.refund(order.id, { amount: sgd(1_990), reason: 'Late delivery' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { refund } = answer.json();
    expect(refund).toMatchObject({ method: 'card', status: 'succeeded', amount: sgd(1_990) });
    expect(refund.reference).toMatch(/^re_/);
    expect(stripe.created.refunds).toBe(before + 1);
    expect((await intentOf(order.id))?.metadata.standInRefunded).toBe('1990');
    expect((await calls.refunds(order.id)).json()).toMatchObject({
      refunded: sgd(1_990),
      refundable: sgd(3_000),
    });
  });

  it('counts nothing as refunded while the provider does not answer, holds the amount, and refunds once when asked again', async () => {
    const order = await paidCardOrder(2_000);
    const before = stripe.created.refunds;
    stripe.setDown(true);
    let unanswered: Awaited<ReturnType<typeof calls.refund>>;
    try {
      unanswered = await calls.refund(order.id, { amount: sgd(2_000), reason: 'Cancelled by phone' });
    } finally {
      stripe.setDown(false);
    }
    expect(unanswered.statusCode).toBe(502);
    expect(errorCode(unanswered)).toBe('payment/provider_error');
    const listed = (await calls.refunds(order.id)).json();
    expect(listed).toMatchObject({ refunded: sgd(0), refundable: sgd(0) });
    expect(listed.refunds).toMatchObject([
      { status: 'pending', failureMessage: 'The card provider did not answer; ask it again' },
    ]);
    expect((await paymentRow(order.id))?.refundedMinor).toBe(0);
    expect(errorCode(await calls.refund(order.id, { amount: sgd(100), reason: 'Again' }))).toBe(
      'order/refund_in_progress',
    );

    const refundId = listed.refunds[0].id as string;
    const retry = () => desk.send('POST', `/api/admin/orders/${order.id}/refunds/${refundId}/retry`);
    const retried = await retry();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect((await retry()).json().refund).toMatchObject({ status: 'succeeded' });
    expect(stripe.created.refunds).toBe(before + 1);
    expect((await calls.refunds(order.id)).json()).toMatchObject({
      refunded: sgd(2_000),
      refundable: sgd(0),
    });
    expect((await paymentRow(order.id))?.refundedMinor).toBe(2_000);
    expect(
      errorCode(await desk.send('POST', `/api/admin/orders/${order.id}/refunds/${order.id}/retry`)),
    ).toBe('order/refund_not_found');
  });

  it('fails a refund the provider refuses: nothing refunded, its amount free again', async () => {
    const order = await paidCardOrder(3_000);
    const intent = await intentOf(order.id);
    if (!intent) throw new Error('no intent');
    // Refunded at the provider's dashboard already: the provider refuses more.
    intent.metadata.standInRefunded = '3000';
    const refused = await calls.refund(order.id, { amount: sgd(1_000), reason: 'Goodwill' });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('order/refund_refused');
    const listed = (await calls.refunds(order.id)).json();
    expect(listed).toMatchObject({ refunded: sgd(0), refundable: sgd(3_000) });
    expect(listed.refunds).toMatchObject([
      { status: 'failed', failureMessage: expect.stringMatching(/^The card provider refused the refund: /) },
    ]);
    expect((await paymentRow(order.id))?.refundedMinor).toBe(0);
  });

  it('holds a pending card refund against parallel ones: of 20 at once, the total never passes the payment', async () => {
    const order = await paidCardOrder(5_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => calls.refund(order.id, { amount: sgd(3_000), reason: 'Goodwill' })),
    );
    const made = answers.filter((answer) => answer.statusCode === 200);
    expect(made).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(['order/refund_in_progress', 'order/refund_exceeds_paid']).toContain(errorCode(answer));
    }
    const rows = await harness.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(
      rows.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amountMinor, 0),
    ).toBe(3_000);
    expect((await intentOf(order.id))?.metadata.standInRefunded).toBe('3000');
  });

  it('settles a refund the provider answered later from its refund.updated event, once', async () => {
    const order = await paidCardOrder(1_500);
    const [payment] = await harness.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    const [pending] = await harness.app.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        paymentId: payment?.id ?? '',
        method: 'card',
        status: 'pending',
        amountMinor: 500,
        currency: 'SGD',
        reason: 'Goodwill',
      })
      .returning();
    const event = {
      id: `evt_refund_${pending?.id}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'refund.updated',
      data: {
        object: {
          id: 're_later',
          object: 'refund',
          amount: 500,
          currency: 'sgd',
          status: 'succeeded',
          metadata: { orderId: order.id, refundId: pending?.id },
        },
      },
    } as unknown as Stripe.Event;
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const { payload, headers } = stripe.delivery(event);
      const answer = await harness.app.inject({
        method: 'POST',
        url: '/api/payment/stripe/webhook',
        headers,
        payload,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect((await calls.refunds(order.id)).json()).toMatchObject({
      refunded: sgd(500),
      refundable: sgd(1_000),
      refunds: [{ status: 'succeeded', reference: 're_later' }],
    });
    const refundEvents = await harness.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'payment')));
    expect(refundEvents.filter((event) => event.detail.result === 'refunded')).toHaveLength(1);
  });
});

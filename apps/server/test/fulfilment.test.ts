import { randomUUID } from 'node:crypto';
import type { OrderLineCapture } from '@crossbuy/core/order';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { orderEvents, orderLines, orders } from '../src/features/orders/orders.table.js';
import { errorCode, lastMailTo } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// Fulfilment from the back office (docs/features/fulfilment.md): the store's view of an order and its packing
// slips, the carrier list, and shipping one order or many with a carrier and tracking numbers.

const capture = (name: string, extra: Partial<OrderLineCapture> = {}): OrderLineCapture => ({
  name,
  mainImage: null,
  paramName: null,
  variantLabel: null,
  merchantName: null,
  sourceMarketPlace: null,
  productUrl: null,
  unitPrice: { amountMinor: 1000, currency: 'SGD' as const },
  ...extra,
});

describe('fulfilment', () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;
  let admin: ReturnType<typeof apiAs>;
  let shopperApi: ReturnType<typeof apiAs>;
  let shopper: { id: string; email: string };

  /** An order of the shopper in `status`, with a catalogue line and a quoted line. */
  const orderIn = async (status: 'paid' | 'processing' | 'shipped' = 'processing') => {
    const order = await placeOrder(harness.app.db, shopper.id, { method: 'paynow', totalMinor: 3000 });
    await harness.app.db
      .update(orders)
      .set({
        status,
        notes: 'Ring twice, please.',
        billingAddress: { ...order.billingAddress, fullName: 'Mei Tan Accounts', address: '2 Shenton Way' },
      })
      .where(eq(orders.id, order.id));
    await harness.app.db.insert(orderLines).values([
      {
        orderId: order.id,
        position: 0,
        source: 'cart' as const,
        quantity: 2,
        unitPriceMinor: 1000,
        lineTotalMinor: 2000,
        message: 'Gift wrap the blue one',
        variantPath: '1',
        capture: capture('Rice cooker', { variantLabel: 'Colour: Blue', paramName: 'rice-cooker' }),
      },
      {
        orderId: order.id,
        position: 1,
        source: 'quotation_external' as const,
        quantity: 1,
        unitPriceMinor: 1000,
        lineTotalMinor: 1000,
        message: 'Size M',
        capture: capture('Kimono', {
          productUrl: 'https://shop.example.jp/kimono',
          sourceMarketPlace: 'Rakuten',
        }),
      },
    ]);
    return order;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const adminUser = await createUser(harness.app, { role: 'admin' });
    admin = apiAs(harness.app, await signInAs(harness.app, adminUser, { tfaPassed: true }));
    shopper = await createUser(harness.app, { firstName: 'Mei', lastName: 'Tan' });
    shopperApi = apiAs(harness.app, await signInAs(harness.app, shopper as never, { tfaPassed: true }));
  });
  afterAll(() => harness?.close());

  describe("the store's view of an order", () => {
    it('shows every line with its message and kind, both addresses, the notes and the shopper', async () => {
      const order = await orderIn();
      const answer = await desk.get(`/api/admin/orders/${order.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const seen = answer.json().order;
      expect(seen).toMatchObject({
        id: order.id,
        orderRef: order.orderRef,
        status: 'processing',
        notes: 'Ring twice, please.',
        shippingAddress: { fullName: 'Tan Ah Kow', postalCode: '048616', country: 'SG' },
        billingAddress: { fullName: 'Mei Tan Accounts', address: '2 Shenton Way' },
        shopper: { id: shopper.id, email: shopper.email, name: 'Mei Tan' },
        carrier: null,
        trackingUrl: null,
      });
      expect(
        seen.lines.map((line: { source: string; quantity: number; message: string; capture: never }) => [
          line.source,
          line.quantity,
          line.message,
          line.capture,
        ]),
      ).toEqual([
        ['cart', 2, 'Gift wrap the blue one', expect.objectContaining({ variantLabel: 'Colour: Blue' })],
        [
          'quotation_external',
          1,
          'Size M',
          expect.objectContaining({ productUrl: 'https://shop.example.jp/kimono' }),
        ],
      ]);
    });

    it('answers 404 for an id that is no order, and refuses a shopper and a visitor', async () => {
      expect(errorCode(await desk.get(`/api/admin/orders/${randomUUID()}`))).toBe('order/not_found');
      expect(errorCode(await desk.get('/api/admin/orders/not-an-id'))).toBe('order/not_found');
      const order = await orderIn();
      const asShopper = await shopperApi.get(`/api/admin/orders/${order.id}`);
      expect(asShopper.statusCode).toBe(403);
      expect(errorCode(asShopper)).toBe('auth/not_authorized');
      const visitor = apiAs(harness.app, await withXsrf(harness.app));
      expect((await visitor.get(`/api/admin/orders/${order.id}`)).statusCode).toBe(401);
    });

    it('gives the packing slips of several orders in the order asked, and refuses ids it cannot read', async () => {
      const first = await orderIn();
      const second = await orderIn('paid');
      const answer = await desk.get(`/api/admin/orders/packing_slips?ids=${second.id},${first.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().orders.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
      const repeated = await desk.get(`/api/admin/orders/packing_slips?ids=${first.id}&ids=${second.id}`);
      expect(repeated.json().orders).toHaveLength(2);

      expect(
        errorCode(await desk.get(`/api/admin/orders/packing_slips?ids=${first.id},${randomUUID()}`)),
      ).toBe('order/not_found');
      expect(errorCode(await desk.get('/api/admin/orders/packing_slips?ids=,'))).toBe(
        'order/invalid_bulk_selection',
      );
      const many = Array.from({ length: 51 }, () => randomUUID()).join(',');
      expect(errorCode(await desk.get(`/api/admin/orders/packing_slips?ids=${many}`))).toBe(
        'order/invalid_bulk_selection',
      );
      expect((await desk.get('/api/admin/orders/packing_slips')).statusCode).toBe(400);
      expect((await shopperApi.get(`/api/admin/orders/packing_slips?ids=${first.id}`)).statusCode).toBe(403);
    });
  });

  describe('the carrier list', () => {
    const jt = { name: 'J&T Express', trackingUrlTemplate: 'https://jtexpress.sg/tracking?awb={tracking}' };

    it('starts with the default carriers, which operators read and only admins change', async () => {
      const listed = await desk.get('/api/admin/carriers');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().carriers.map((carrier: { name: string }) => carrier.name)).toEqual([
        'SingPost',
        'DHL Express',
        'FedEx',
        'UPS',
        'Ninja Van',
      ]);
      const byOperator = await desk.send('PUT', '/api/admin/settings/carriers', { carriers: [jt] });
      expect(byOperator.statusCode).toBe(403);
      expect(errorCode(byOperator)).toBe('auth/not_authorized');
      expect((await shopperApi.get('/api/admin/carriers')).statusCode).toBe(403);
    });

    it('refuses lists it cannot take, and a change without the anti-forgery header', async () => {
      for (const [body, code] of [
        [null, undefined],
        [[], undefined],
        ['SingPost', undefined],
        [{ carriers: [] }, 'settings/invalid_carriers'],
        [{ carriers: [jt, { ...jt, name: 'j&t express' }] }, 'settings/duplicate_carrier'],
        [
          { carriers: [{ ...jt, trackingUrlTemplate: 'https://jtexpress.sg/' }] },
          'settings/invalid_tracking_template',
        ],
        [
          { carriers: [{ ...jt, trackingUrlTemplate: 'http://jtexpress.sg/{tracking}' }] },
          'settings/invalid_tracking_template',
        ],
        [{ carriers: [{ ...jt, name: '' }] }, 'settings/invalid_carrier_name'],
      ] as const) {
        const answer = await admin.send('PUT', '/api/admin/settings/carriers', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        if (code) expect(errorCode(answer)).toBe(code);
      }
      const unforged = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/carriers',
        headers: {
          cookie: (
            await signInAs(harness.app, await createUser(harness.app, { role: 'admin' }), { tfaPassed: true })
          ).cookie,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ carriers: [jt] }),
      });
      expect(unforged.statusCode).toBe(403);
      expect(errorCode(unforged)).toBe('auth/invalid_state');
    });
  });

  describe('shipping', () => {
    it('ships one order with a carrier of the list, and mails the shopper the tracking link', async () => {
      const order = await orderIn();
      const answer = await desk.send('POST', `/api/admin/orders/${order.id}/status`, {
        to: 'shipped',
        carrier: 'ninja van',
        trackingNumber: 'NV SG 001',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const trackingUrl = 'https://www.ninjavan.co/en-sg/tracking?id=NV%20SG%20001';
      expect(answer.json()).toEqual({
        status: 'shipped',
        carrier: 'Ninja Van',
        trackingNumber: 'NV SG 001',
        trackingUrl,
      });
      const mail = await lastMailTo(harness.app, shopper.email);
      expect(mail?.template).toBe('order_shipped');
      expect(mail?.text).toContain('Ninja Van');
      expect(mail?.text).toContain(trackingUrl);
      expect(mail?.html).toContain(trackingUrl);

      const seen = (await shopperApi.get(`/api/order/${order.id}`)).json().order;
      expect(seen).toMatchObject({ carrier: 'Ninja Van', trackingNumber: 'NV SG 001', trackingUrl });
    });

    it('refuses a carrier not on the list and changes nothing', async () => {
      const order = await orderIn();
      const answer = await desk.send('POST', `/api/admin/orders/${order.id}/status`, {
        to: 'shipped',
        carrier: 'Royal Mail',
        trackingNumber: 'RM1',
      });
      expect(answer.statusCode).toBe(400);
      expect(errorCode(answer)).toBe('order/invalid_carrier');
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'processing', carrier: null, trackingNumber: null });
    });

    it('follows the carrier list an admin saves; orders shipped before keep their link', async () => {
      const before = await orderIn();
      await desk.send('POST', `/api/admin/orders/${before.id}/status`, {
        to: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z1',
      });
      const saved = await admin.send('PUT', '/api/admin/settings/carriers', {
        carriers: [
          { name: ' UPS ', trackingUrlTemplate: 'https://ups.example.com/t/{tracking}' },
          { name: 'J&T Express', trackingUrlTemplate: 'https://jtexpress.sg/tracking?awb={tracking}' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().carriers.map((carrier: { name: string }) => carrier.name)).toEqual([
        'UPS',
        'J&T Express',
      ]);
      expect((await desk.get('/api/admin/carriers')).json()).toEqual(saved.json());
      expect((await admin.get('/api/admin/settings/carriers')).json()).toEqual(saved.json());
      expect((await desk.get('/api/admin/settings/carriers')).statusCode).toBe(403);
      expect(
        errorCode(
          await shopperApi.send('PUT', '/api/admin/settings/carriers', { carriers: saved.json().carriers }),
        ),
      ).toBe('auth/not_authorized');
      const audited = await harness.app.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.action, 'setting.update'), eq(auditEntries.subjectId, 'carriers')));
      expect(audited).toHaveLength(1);

      const after = await orderIn();
      const shipped = await desk.send('POST', `/api/admin/orders/${after.id}/status`, {
        to: 'shipped',
        carrier: 'J&T Express',
        trackingNumber: 'JT9',
      });
      expect(shipped.json().trackingUrl).toBe('https://jtexpress.sg/tracking?awb=JT9');
      expect(
        errorCode(
          await desk.send('POST', `/api/admin/orders/${(await orderIn()).id}/status`, {
            to: 'shipped',
            carrier: 'SingPost',
            trackingNumber: 'SG1',
          }),
        ),
      ).toBe('order/invalid_carrier');
      const [kept] = await harness.app.db.select().from(orders).where(eq(orders.id, before.id));
      expect(kept?.trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z1');

      await admin.send('PUT', '/api/admin/settings/carriers', {
        carriers: [{ name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={tracking}' }],
      });
    });
  });

  describe('shipping in bulk', () => {
    const ship = (body: unknown) => desk.send('POST', '/api/admin/orders/ship', body);

    it('ships every order with one carrier and its own tracking number, through the order machine', async () => {
      const first = await orderIn();
      const second = await orderIn();
      const answer = await ship({
        carrier: 'UPS',
        shipments: [
          { orderId: second.id, trackingNumber: '1Z-B' },
          { orderId: first.id, trackingNumber: '1Z-A' },
        ],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().orders).toEqual([
        expect.objectContaining({ id: second.id, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z-B' }),
        expect.objectContaining({ id: first.id, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z-A' }),
      ]);
      const events = await harness.app.db
        .select()
        .from(orderEvents)
        .where(and(inArray(orderEvents.orderId, [first.id, second.id]), eq(orderEvents.toStatus, 'shipped')));
      expect(events.map((event) => event.actor)).toEqual(['store', 'store']);
      const audited = await harness.app.db
        .select()
        .from(auditEntries)
        .where(inArray(auditEntries.subjectId, [first.id, second.id]));
      expect(audited).toHaveLength(2);
    });

    it('ships none when any order cannot ship, and names each refusal', async () => {
      const ready = await orderIn();
      const unpacked = await orderIn('paid');
      const gone = randomUUID();
      const answer = await ship({
        carrier: 'UPS',
        shipments: [
          { orderId: ready.id, trackingNumber: 'A' },
          { orderId: unpacked.id, trackingNumber: 'B' },
          { orderId: gone, trackingNumber: 'C' },
        ],
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        error: {
          code: 'order/bulk_ship_refused',
          params: ['2'],
          message: 'Nothing was shipped: 2 of the orders cannot be shipped as they are',
        },
        refusals: [
          {
            orderId: unpacked.id,
            orderRef: unpacked.orderRef,
            code: 'order/invalid_transition',
            message: 'An order that is paid cannot become shipped',
          },
          { orderId: gone, orderRef: null, code: 'order/not_found', message: expect.any(String) },
        ],
      });
      const rows = await harness.app.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [ready.id, unpacked.id]));
      expect(rows.map((row) => [row.status, row.trackingNumber]).sort()).toEqual([
        ['paid', null],
        ['processing', null],
      ]);
      expect(
        await harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, ready.id)),
      ).toEqual([]);
    });

    it('refuses bodies it cannot read, an unknown carrier, a shopper and a missing anti-forgery header', async () => {
      const order = await orderIn();
      for (const body of [
        null,
        [],
        'UPS',
        {},
        { carrier: 'UPS' },
        { carrier: 'UPS', shipments: [] },
        { carrier: 'UPS', shipments: 'x' },
        { carrier: 'UPS', shipments: [{ orderId: order.id }] },
        {
          carrier: 'UPS',
          shipments: [
            { orderId: order.id, trackingNumber: 'A' },
            { orderId: order.id, trackingNumber: 'B' },
          ],
        },
        { carrier: ['UPS'], shipments: [{ orderId: order.id, trackingNumber: 'A' }] },
      ]) {
        expect((await ship(body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const unknown = await ship({
        carrier: 'Pigeon',
        shipments: [{ orderId: order.id, trackingNumber: 'A' }],
      });
      expect(errorCode(unknown)).toBe('order/invalid_carrier');

      const body = { carrier: 'UPS', shipments: [{ orderId: order.id, trackingNumber: 'A' }] };
      const byShopper = await shopperApi.send('POST', '/api/admin/orders/ship', body);
      expect(byShopper.statusCode).toBe(403);
      expect(errorCode(byShopper)).toBe('auth/not_authorized');
      const operator = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
        tfaPassed: true,
      });
      const unforged = await harness.app.inject({
        method: 'POST',
        url: '/api/admin/orders/ship',
        headers: { cookie: operator.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(unforged.statusCode).toBe(403);
      expect(errorCode(unforged)).toBe('auth/invalid_state');
      const [row] = await harness.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe('processing');
    });

    it('ships an order once when two operators ship the same orders at the same moment', async () => {
      const first = await orderIn();
      const second = await orderIn();
      const body = (suffix: string) => ({
        carrier: 'UPS',
        shipments: [
          { orderId: first.id, trackingNumber: `A-${suffix}` },
          { orderId: second.id, trackingNumber: `B-${suffix}` },
        ],
      });
      const answers = await Promise.all([ship(body('1')), ship(body('2'))]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const rows = await harness.app.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [first.id, second.id]));
      const suffixes = new Set(rows.map((row) => row.trackingNumber?.split('-')[1]));
      expect(suffixes.size).toBe(1);
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { orderLines } from '../src/features/orders/orders.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, addResolvedQuotation, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// A quote answers what was asked: a shopper who changes the quantity or the instructions of a quoted item
// asks for a new quote, and can never order the new request at the old price (decision 0059).

const UNKNOWN_ID = '6f1c1a52-0000-4000-8000-000000000000';
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const QUOTED_PRICE = { SG: sgd(32_000) };
const NO_ANSWER = {
  basePrice: null,
  quotedPrice: null,
  quotedAt: null,
  expiresAt: null,
  declineReason: null,
};

type Api = ReturnType<typeof apiAs>;

describe('changing a quotation item', () => {
  let harness: TestApp;
  let desk: Api;

  const newShopper = async () => {
    const user = await createUser(harness.app);
    const session = await signInAs(harness.app, user);
    return {
      user,
      session,
      api: apiAs(harness.app, session),
      addressId: await addAddress(harness.app.db, user.id),
    };
  };
  const change = (api: Api, id: string, body: unknown) => api.send('PUT', `/api/quotation_item/${id}`, body);
  const itemOf = async (api: Api, id: string) =>
    (await api.get(`/api/quotation_item/${id}`)).json().quotationItem;
  const orderQuotations = (api: Api, id: string, addressId: string) =>
    api.send('POST', '/api/quotation_checkout/create_order', {
      quotationIds: [id],
      paymentMethod: 'paynow',
      shippingAddressId: addressId,
    });
  const rowOf = async (id: string) =>
    (await harness.app.db.select().from(quotationItems).where(eq(quotationItems.id, id)))[0];
  const auditOf = (id: string) =>
    harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));

  /** The probe's item: one steel strap, size M, asked for and quoted by the desk. */
  const quotedStrap = async (api: Api) => {
    const asked = await api.send('POST', '/api/quotation/request', {
      from: 'r',
      productUrl: 'https://watch-parts.example/strap',
      productName: 'Watch strap',
      productQuantity: 1,
      instructions: 'steel strap, size M',
      imageUrl: '',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json().quotationItem;
    const resolved = await desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
      basePrice: { amountMinor: 29_000, currency: 'SGD' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    return id as string;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
  });
  afterAll(() => harness?.close());

  it('sends a quoted item back to pending, with no price, for the desk to quote again, and it cannot be ordered', async () => {
    const { api, addressId } = await newShopper();
    const id = await quotedStrap(api);
    expect(await itemOf(api, id)).toMatchObject({ status: 'r', unavailableReason: null });

    const changed = await change(api, id, { quantity: 999, instructions: '18k gold edition' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().quotationItem).toMatchObject({
      status: 'p',
      quantity: 999,
      instructions: '18k gold edition',
      statusData: NO_ANSWER,
      price: sgd(0),
      unavailableReason: 'quotation/pending',
    });
    expect(await rowOf(id)).toMatchObject({
      status: 'p',
      quotedPrice: null,
      expiresAt: null,
      answeredBy: null,
    });

    const ordered = await orderQuotations(api, id, addressId);
    expect(ordered.statusCode, ordered.body).toBe(400);
    expect(ordered.json().error.code).toBe('quotation/pending');
    const session = await api.send('POST', '/api/checkout/session', { quotationItemIds: [id] });
    expect(session.json().error.code).toBe('quotation/pending');
    expect((await api.get('/api/order')).json().total).toBe(0);

    const queue = (await desk.get('/api/admin/quotation_items?status=pending&limit=100')).json().items;
    expect(queue.find((item: { id: string }) => item.id === id)).toMatchObject({
      quantity: 999,
      instructions: '18k gold edition',
      status: 'p',
    });
    const quotedAgain = await desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
      basePrice: { amountMinor: 3_000_000, currency: 'SGD' },
    });
    expect(quotedAgain.statusCode, quotedAgain.body).toBe(200);
    expect(quotedAgain.json().quotationItem).toMatchObject({ status: 'r', quantity: 999 });
  });

  it('sends a declined item back to pending when it changes', async () => {
    const { api } = await newShopper();
    const { id } = (
      await api.send('POST', '/api/quotation/request', {
        from: 'r',
        productUrl: 'https://kettles.example/220v',
        productName: 'Kettle',
        productQuantity: 1,
        instructions: '220 V',
        imageUrl: '',
      })
    ).json().quotationItem;
    await desk.send('POST', `/api/admin/quotation_items/${id}/decline`, { reason: 'Not sold in 220 V' });
    const changed = await change(api, id, { instructions: '110 V is fine' });
    expect(changed.json().quotationItem).toMatchObject({
      status: 'p',
      instructions: '110 V is fine',
      statusData: NO_ANSWER,
    });
    expect(await rowOf(id)).toMatchObject({ declinedAt: null, answeredBy: null });
  });

  it('records the change in the audit log with the shopper as actor, and the admin reads it', async () => {
    const { user, api } = await newShopper();
    const id = await quotedStrap(api);
    await change(api, id, { quantity: 999, instructions: '18k gold edition' });

    const entries = (await auditOf(id)).filter((entry) => entry.action === 'quotation_item.shopper_change');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: user.id,
      actorEmail: user.email,
      subjectType: 'quotation_item',
      before: {
        quantity: 1,
        instructions: 'steel strap, size M',
        status: 'r',
        quotedPrice: expect.objectContaining({ SG: expect.any(Object) }),
      },
      after: {
        quantity: 999,
        instructions: '18k gold edition',
        status: 'p',
        quotedPrice: null,
        expiresAt: null,
      },
    });

    const admin = await createUser(harness.app, { role: 'admin' });
    const adminApi = apiAs(harness.app, await signInAs(harness.app, admin, { tfaPassed: true }));
    const log = await adminApi.get(`/api/admin/audit_log?subjectType=quotation_item&subjectId=${id}`);
    expect(log.json().entries[0]).toMatchObject({
      actor: { id: user.id, email: user.email },
      action: 'quotation_item.shopper_change',
    });
  });

  it('keeps the quote, and records nothing, when quantity and instructions stay as they were', async () => {
    const { api } = await newShopper();
    const id = await quotedStrap(api);
    const before = await itemOf(api, id);
    for (const body of [
      { quantity: 1 },
      { instructions: '  steel strap, size M ' },
      { quantity: 1, instructions: 'steel strap, size M' },
    ]) {
      const response = await change(api, id, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().quotationItem).toEqual(before);
    }
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['quotation_item.resolve']);
  });

  it('changes a pending item and keeps it pending, recorded', async () => {
    const { api, user } = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, user.id, {}, { status: 'p', quantity: 2 });
    const changed = await change(api, id, { quantity: 3 });
    expect(changed.json().quotationItem).toMatchObject({ status: 'p', quantity: 3 });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'quotation_item.shopper_change',
        before: expect.objectContaining({ quantity: 2, status: 'p' }),
        after: expect.objectContaining({ quantity: 3, status: 'p' }),
      }),
    ]);
  });

  it('refuses to change an item that is part of an order, which keeps the quoted quantity', async () => {
    const { api, user, addressId } = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, user.id, QUOTED_PRICE);
    const ordered = await orderQuotations(api, id, addressId);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const refused = await change(api, id, { quantity: 999 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('quotation/ordered');
    expect(await rowOf(id)).toMatchObject({ quantity: 1, status: 'r' });
    expect(await auditOf(id)).toEqual([]);
  });

  it("answers 404 for another shopper's item, an unknown id and a malformed one, changing nothing", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, owner.user.id, QUOTED_PRICE);
    for (const target of [id, UNKNOWN_ID, 'not-an-id']) {
      const response = await change(other.api, target, { quantity: 999 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('quotation/not_found');
    }
    expect(await rowOf(id)).toMatchObject({ quantity: 1, status: 'r' });
  });

  it('refuses bad bodies with 400 and a catalogue code, changing nothing', async () => {
    const { api, user, session } = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, user.id, QUOTED_PRICE);
    const cases: [unknown, string][] = [
      [null, 'general/argument_error'],
      [[], 'general/argument_error'],
      [[{ quantity: 2 }], 'general/argument_error'],
      ['quantity=2', 'general/argument_error'],
      [{}, 'general/missing_argument'],
      [{ quantity: '2' }, 'quotation/invalid_quantity'],
      [{ quantity: 0 }, 'quotation/invalid_quantity'],
      [{ quantity: 1000 }, 'quotation/invalid_quantity'],
      [{ quantity: 1.5 }, 'quotation/invalid_quantity'],
      [{ quantity: null }, 'quotation/invalid_quantity'],
      [{ instructions: 'a\u0000b' }, 'general/argument_error'],
      [{ instructions: 'x'.repeat(1001) }, 'quotation/invalid_instructions'],
      [{ quantity: 2, status: 'r' }, 'general/argument_error'],
      [{ quantity: 2, statusData: { quotedPrice: QUOTED_PRICE } }, 'general/argument_error'],
    ];
    for (const [body, code] of cases) {
      const response = await change(api, id, body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    for (const raw of ['\u0000', '{"quantity":2,"\u0000":1}', '{"quantity":2}\u0000']) {
      const response = await harness.app.inject({
        method: 'PUT',
        url: `/api/quotation_item/${id}`,
        headers: { cookie: session.cookie, ...session.header, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode, JSON.stringify(raw)).toBe(400);
      expect(response.json().error.code).toMatch(/^general\//);
    }
    expect(await rowOf(id)).toMatchObject({ quantity: 1, status: 'r', quotedPrice: QUOTED_PRICE });
    expect(await auditOf(id)).toEqual([]);
  });

  it('refuses a change without the anti-forgery header', async () => {
    const { user, session } = await newShopper();
    const id = await addResolvedQuotation(harness.app.db, user.id, QUOTED_PRICE);
    const response = await harness.app.inject({
      method: 'PUT',
      url: `/api/quotation_item/${id}`,
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ quantity: 999 }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/invalid_state');
    expect(await rowOf(id)).toMatchObject({ quantity: 1, status: 'r' });
  });

  it('never orders a new quantity at the old price when a change and an order race, on either checkout', async () => {
    const PAIRS = 20;
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async (_, index) => {
        const shopper = await newShopper();
        const id = await addResolvedQuotation(harness.app.db, shopper.user.id, QUOTED_PRICE);
        const bySession = index % 2 === 1;
        const key = bySession
          ? ((await shopper.api.send('POST', '/api/checkout/session', { quotationItemIds: [id] })).json()
              .key as string)
          : null;
        return { ...shopper, id, key };
      }),
    );

    // Each change sets off a millisecond after the one before, so across the pairs changes land before,
    // during and after their order's transaction (on PostgreSQL both outcomes show in one run).
    const answers = await Promise.all(
      pairs.map(({ api, id, key, addressId }, index) =>
        Promise.all([
          new Promise((resolve) => setTimeout(resolve, index)).then(() =>
            change(api, id, { quantity: 999, instructions: '18k gold edition' }),
          ),
          key
            ? api.send('POST', '/api/checkout/create_order', {
                checkoutSessionKey: key,
                paymentMethod: 'paynow',
                shippingAddressId: addressId,
              })
            : orderQuotations(api, id, addressId),
        ]),
      ),
    );

    for (const [index, [changed, ordered]] of answers.entries()) {
      const { id } = pairs[index] as (typeof pairs)[number];
      const row = await rowOf(id);
      const lines = await harness.app.db.select().from(orderLines).where(eq(orderLines.quotationItemId, id));
      const seen = {
        change: changed.statusCode < 300 ? 'saved' : changed.json().error.code,
        order: ordered.statusCode < 300 ? 'placed' : ordered.json().error.code,
      };
      if (seen.order === 'placed') {
        expect(seen).toEqual({ change: 'quotation/ordered', order: 'placed' });
        expect(row).toMatchObject({ quantity: 1, status: 'r' });
        expect(lines.map((line) => [line.quantity, line.unitPriceMinor])).toEqual([[1, 32_000]]);
      } else {
        expect(seen).toEqual({ change: 'saved', order: 'quotation/pending' });
        expect(row).toMatchObject({ quantity: 999, status: 'p', orderedAt: null });
        expect(lines).toEqual([]);
      }
    }
  });
});

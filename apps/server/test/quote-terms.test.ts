import { quoteBreakdown } from '@crossbuy/core/quotation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { exchangeRates } from '../src/features/regions/regions.table.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { addAddress, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// Decision 0066: the desk quotes the seller's price, the shipping to the warehouse and a weight estimate;
// the fee and rates used are kept with the quote, and every screen works the breakdown out of them.

const PAGE_URL = 'https://www.amazon.co.jp/dp/B0QUOTE066';

describe('the terms a quote is made from', () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;

  const newShopper = async () => {
    const user = await createUser(harness.app);
    return { user, api: apiAs(harness.app, await signInAs(harness.app, user)) };
  };
  const ask = async (shopper: ReturnType<typeof apiAs>, quantity = 2) => {
    const response = await shopper.send('POST', '/api/quotation/request', {
      from: 'r',
      productUrl: PAGE_URL,
      productName: 'Nambu iron kettle',
      productQuantity: quantity,
      instructions: 'Black',
      imageUrl: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quotationItem.id as string;
  };
  const resolve = (id: string, body: unknown) =>
    desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, body);

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    await seedCheckoutRules(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
  });
  afterAll(() => harness?.close());

  it('keeps the price, shipping, weight, fee and rates, prices every region by core, and holds them as rates move', async () => {
    const { api } = await newShopper();
    const id = await ask(api);
    const sent = await resolve(id, {
      basePrice: { amountMinor: 4800, currency: 'JPY' },
      domesticShippingMinor: 600,
      weightGrams: 2400,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { statusData } = sent.json().quotationItem;
    expect(statusData.basePrice).toEqual({ amountMinor: 4800, currency: 'JPY' });
    expect(statusData.quoteTerms).toEqual({
      sellerPrice: { amountMinor: 4800, currency: 'JPY' },
      domesticShipping: { amountMinor: 600, currency: 'JPY' },
      weightGrams: 2400,
      feePercent: '10',
      baseCurrency: 'SGD',
      ratesFromBase: { SGD: '1', JPY: '112.35', MYR: '3.4875', GBP: '0.5821' },
    });
    for (const [region, currency] of [
      ['SG', 'SGD'],
      ['MY', 'MYR'],
      ['JP', 'JPY'],
    ] as const) {
      expect(statusData.quotedPrice[region]).toEqual(
        quoteBreakdown(statusData.quoteTerms, currency, 1)?.unitPrice,
      );
    }
    // (¥4,800 + ¥600) × 1.10 at 112.35 yen to the dollar: S$52.87 for one, S$105.74 for two.
    expect(statusData.quotedPrice.SG).toEqual({ amountMinor: 5287, currency: 'SGD' });

    await harness.app.db
      .update(exchangeRates)
      .set({ rate: '150' })
      .where(and(eq(exchangeRates.baseCurrency, 'SGD'), eq(exchangeRates.quoteCurrency, 'JPY')));
    const later = (await api.get(`/api/quotation_item/${id}`)).json().quotationItem;
    expect(later.price).toEqual({ amountMinor: 10_574, currency: 'SGD' });
    expect(later.statusData.quoteTerms).toEqual(statusData.quoteTerms);
    await harness.app.db
      .update(exchangeRates)
      .set({ rate: '112.35' })
      .where(and(eq(exchangeRates.baseCurrency, 'SGD'), eq(exchangeRates.quoteCurrency, 'JPY')));

    const [audit] = await harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));
    expect(audit?.after).toMatchObject({ domesticShippingMinor: 600, weightGrams: 2400, feePercent: '10' });
  });

  it('answers every spec field as before, with no terms for a price given alone or before a quote', async () => {
    const { api } = await newShopper();
    const id = await ask(api, 1);
    const pending = (await api.get(`/api/quotation_item/${id}`)).json().quotationItem;
    expect(pending.statusData).toEqual({
      basePrice: null,
      quotedPrice: null,
      quotedAt: null,
      expiresAt: null,
      declineReason: null,
      quoteTerms: null,
    });
    const sent = await resolve(id, { basePrice: { amountMinor: 10_000, currency: 'JPY' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const quoted = sent.json().quotationItem;
    expect(quoted.statusData.quotedPrice.SG).toEqual({ amountMinor: 9791, currency: 'SGD' });
    expect(quoted.statusData.quoteTerms).toMatchObject({
      domesticShipping: { amountMinor: 0, currency: 'JPY' },
      weightGrams: null,
    });
  });

  it('previews the terms with the shipping and the weight, and refuses ones it cannot take', async () => {
    const preview = await desk.get(
      '/api/admin/quotation_items/quote_preview?amountMinor=4800&currency=JPY&domesticShippingMinor=600&weightGrams=2400',
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      quotedPrice: { SG: { amountMinor: 5287, currency: 'SGD' } },
      quoteTerms: { domesticShipping: { amountMinor: 600, currency: 'JPY' }, weightGrams: 2400 },
    });
    for (const [query, code] of [
      ['domesticShippingMinor=-1', 'quotation/invalid_domestic_shipping'],
      ['domesticShippingMinor=1.5', 'quotation/invalid_domestic_shipping'],
      ['domesticShippingMinor=99999999999', 'quotation/invalid_domestic_shipping'],
      ['domesticShippingMinor=%00', 'general/argument_error'],
      ['weightGrams=0', 'quotation/invalid_weight'],
      ['weightGrams=2.5', 'quotation/invalid_weight'],
      ['weightGrams=1000001', 'quotation/invalid_weight'],
      ['weightGrams=heavy', 'general/argument_error'],
    ]) {
      const refused = await desk.get(
        `/api/admin/quotation_items/quote_preview?amountMinor=4800&currency=JPY&${query}`,
      );
      expect({ query, status: refused.statusCode, code: refused.json().error?.code }).toEqual({
        query,
        status: 400,
        code,
      });
    }
  });

  it('refuses a quote whose parts are not amounts, and leaves the item pending', async () => {
    const { api } = await newShopper();
    const id = await ask(api);
    const price = { amountMinor: 4800, currency: 'JPY' };
    const refusals: [unknown, string][] = [
      [null, 'general/argument_error'],
      [[], 'general/argument_error'],
      ['basePrice', 'general/argument_error'],
      [{ basePrice: null }, 'general/argument_error'],
      [{ basePrice: [4800] }, 'general/argument_error'],
      [{ basePrice: { amountMinor: '4800', currency: 'JPY' } }, 'quotation/invalid_base_price'],
      [{ basePrice: { amountMinor: 4800, currency: 'JPY\u0000' } }, 'general/argument_error'],
      [{ basePrice: price, domesticShippingMinor: null }, 'quotation/invalid_domestic_shipping'],
      [{ basePrice: price, domesticShippingMinor: [600] }, 'quotation/invalid_domestic_shipping'],
      [{ basePrice: price, domesticShippingMinor: '600' }, 'quotation/invalid_domestic_shipping'],
      [{ basePrice: price, domesticShippingMinor: '\u0000' }, 'general/argument_error'],
      [{ basePrice: price, domesticShippingMinor: -1 }, 'quotation/invalid_domestic_shipping'],
      [{ basePrice: price, domesticShippingMinor: 0.5 }, 'quotation/invalid_domestic_shipping'],
      [{ basePrice: price, weightGrams: null }, 'quotation/invalid_weight'],
      [{ basePrice: price, weightGrams: [] }, 'quotation/invalid_weight'],
      [{ basePrice: price, weightGrams: '2400' }, 'quotation/invalid_weight'],
      [{ basePrice: price, weightGrams: '\u0000' }, 'general/argument_error'],
      [{ basePrice: price, weightGrams: 0 }, 'quotation/invalid_weight'],
      [{ basePrice: price, weightGrams: 1_000_001 }, 'quotation/invalid_weight'],
      [{ domesticShippingMinor: 600 }, 'general/missing_argument'],
    ];
    for (const [body, code] of refusals) {
      const response = await resolve(id, body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    expect((await desk.get(`/api/admin/quotation_items/${id}`)).json().item.status).toBe('p');
  });

  it('asks for the anti-forgery header before sending a quote with its parts', async () => {
    const { api } = await newShopper();
    const id = await ask(api);
    const operator = await createUser(harness.app, { role: 'operator' });
    const { cookie } = await signInAs(harness.app, operator, { tfaPassed: true });
    const bare = apiAs(harness.app, { cookie, header: {} });
    const response = await bare.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
      basePrice: { amountMinor: 4800, currency: 'JPY' },
      domesticShippingMinor: 600,
      weightGrams: 2400,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/invalid_state');
    expect((await desk.get(`/api/admin/quotation_items/${id}`)).json().item.status).toBe('p');
  });

  it("shows a shopper's quote and its terms to that shopper only", async () => {
    const { api } = await newShopper();
    const id = await ask(api);
    expect((await resolve(id, { basePrice: { amountMinor: 4800, currency: 'JPY' } })).statusCode).toBe(200);
    const other = (await newShopper()).api;
    const read = await other.get(`/api/quotation_item/${id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('quotation/not_found');
    const checkout = await other.send('POST', '/api/checkout/session', {
      cartItemIds: [],
      quotationItemIds: [id],
    });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json().error.code).toBe('quotation/not_found');
  });

  it('carries the terms to checkout, where delivery is charged by the weight the desk estimated', async () => {
    const { user, api } = await newShopper();
    const addressId = await addAddress(harness.app.db, user.id);
    const quoteWeighing = async (weightGrams?: number) => {
      const id = await ask(api, 1);
      const sent = await resolve(id, {
        basePrice: { amountMinor: 4800, currency: 'JPY' },
        ...(weightGrams ? { weightGrams } : {}),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return id;
    };
    const estimateOf = async (id: string) => {
      const response = await api.get(
        `/api/quotation_checkout/estimate_costs?quotationIds=${id}&shippingAddressId=${addressId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const heavyId = await quoteWeighing(4000);
    const heavy = await estimateOf(heavyId);
    const unweighed = await estimateOf(await quoteWeighing());
    // The line says until when its price holds: the quote's own expiry.
    const quoted = (await api.get(`/api/quotation_item/${heavyId}`)).json().quotationItem;
    expect(quoted.statusData.expiresAt).toEqual(expect.any(String));
    expect(heavy.lines[0].quoteExpiresAt).toBe(quoted.statusData.expiresAt);
    expect(heavy.lines[0].quoteTerms).toMatchObject({
      sellerPrice: { amountMinor: 4800, currency: 'JPY' },
      weightGrams: 4000,
    });
    expect(unweighed.lines[0].quoteTerms.weightGrams).toBeNull();
    expect(heavy.subtotal).toEqual(unweighed.subtotal);
    expect(heavy.shippingFee.amountMinor).toBeGreaterThan(unweighed.shippingFee.amountMinor);
  });
});

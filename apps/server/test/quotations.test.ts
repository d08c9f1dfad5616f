import { QUOTATION_MAX_ITEMS, QUOTATION_STATUS_MESSAGES } from '@crossbuy/core/quotation';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exchangeRates, notifications, products } from '../src/db/schema.js';
import { externalProducts } from '../src/features/external-products/external-products.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

type Session = { cookie: string; header: Record<string, string> };
const UNKNOWN_ID = '6f1c1a52-0000-4000-8000-000000000000';

const remote = (overrides: Record<string, unknown> = {}) => ({
  from: 'r',
  productUrl: 'https://www.amazon.co.jp/dp/B0TEST',
  productName: 'Rice cooker 5.5 go',
  productQuantity: 1,
  instructions: 'White, 220 V please',
  imageUrl: 'https://images.example/rice-cooker.jpg',
  ...overrides,
});

describe('quotation calls', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let earbuds: string;
  let operator: Session;

  const as = (session: Session) => {
    const { get, send } = apiAs(harness.app, session);
    return {
      get,
      send,
      request: (body: unknown) => send('POST', '/api/quotation/request', body),
      list: (query = '') => get(`/api/quotation_item${query}`),
      item: (id: string) => get(`/api/quotation_item/${id}`),
      update: (id: string, body: unknown) => send('PUT', `/api/quotation_item/${id}`, body),
      remove: (id: string) => send('DELETE', `/api/quotation_item/${id}`),
      again: (id: string) => send('POST', `/api/quotation_item/${id}/request_again`),
      addToCart: (body: unknown) => send('POST', '/api/cart', body),
      cart: () => get('/api/cart'),
      moveFromCart: (cartItemId: unknown) => send('POST', '/api/quotation_item/internal', { cartItemId }),
    };
  };
  const newShopper = async (overrides = {}) => {
    const user = await createUser(harness.app, overrides);
    return { user, shopper: as(await signInAs(harness.app, user)) };
  };
  const desk = () => as(operator);
  const resolve = (id: string, body: unknown) =>
    desk().send('POST', `/api/admin/quotation_items/${id}/resolve`, body);
  const decline = (id: string, body: unknown) =>
    desk().send('POST', `/api/admin/quotation_items/${id}/decline`, body);

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    earbuds = (
      await addProduct(fixture, {
        name: 'Budget Earbuds',
        categoryId: 'headphones',
        merchant: fixture.merchants.audio,
        priceMinor: 1990,
        stock: 3,
      })
    ).id;
    operator = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
      tfaPassed: true,
    });
  });
  afterAll(() => harness.close());

  it('needs a signed-in shopper, and the anti-forgery header for changes', async () => {
    const visitor = as(await withXsrf(harness.app));
    for (const response of [
      await visitor.request(remote()),
      await visitor.list(),
      await visitor.get('/api/quotation?filter=pending'),
      await visitor.get('/api/quotation_item/external'),
      await visitor.get('/api/quotation_order'),
      await visitor.update(UNKNOWN_ID, { quantity: 2 }),
      await visitor.remove(UNKNOWN_ID),
      await visitor.moveFromCart(UNKNOWN_ID),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    const { shopper: _unused, user } = await newShopper();
    const session = await signInAs(harness.app, user);
    const bare = as({ cookie: session.cookie, header: {} });
    for (const response of [
      await bare.request(remote()),
      await bare.update(UNKNOWN_ID, { quantity: 2 }),
      await bare.remove(UNKNOWN_ID),
      await bare.again(UNKNOWN_ID),
    ]) {
      expect(response.json().error.code).toBe('auth/invalid_state');
    }
  });

  it('asks for a verified email before a request', async () => {
    const { shopper } = await newShopper({ emailVerifiedAt: null });
    const response = await shopper.request(remote());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/unverified_email');
  });

  it('takes a remote request as a pending external item', async () => {
    const { shopper } = await newShopper();
    const response = await shopper.request(remote({ productQuantity: 2 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      product: null,
      quotationItem: {
        productSource: 'e',
        status: 'p',
        productUrl: 'https://www.amazon.co.jp/dp/B0TEST',
        name: 'Rice cooker 5.5 go',
        // The picture is copied into the store, never shown from the seller's site; this one's host does
        // not exist, so the item has none (the placeholder). test/external-pictures.test.ts copies some.
        mainImage: null,
        quantity: 2,
        instructions: 'White, 220 V please',
        price: { amountMinor: 0, currency: 'SGD' },
        unavailableReason: 'quotation/pending',
        sourceMarketPlace: 'Amazon',
        marketplaceLabel: 'Amazon (QUOTATION)',
        productSourceData: null,
        statusData: {
          basePrice: null,
          quotedPrice: null,
          quotedAt: null,
          expiresAt: null,
          declineReason: null,
        },
      },
    });
  });

  it('keeps the link as the store normalises it, and says QUOTATION for a site it does not know', async () => {
    const { shopper } = await newShopper();
    const response = await shopper.request(
      remote({ productUrl: 'HTTPS://Shop.Example/item/7?utm_source=mail&colour=red#reviews' }),
    );
    expect(response.json().quotationItem).toMatchObject({
      productUrl: 'https://shop.example/item/7?colour=red',
      sourceMarketPlace: null,
      marketplaceLabel: 'QUOTATION',
    });
    const withCredentials = await shopper.request(
      remote({ productUrl: 'https://user:secret@shop.example/item' }),
    );
    expect(withCredentials.json().error.code).toBe('quotation/invalid_product_url');
  });

  it('quotes a product the store looked up by link, by its id or its link, filled from the page', async () => {
    const [external] = await harness.app.db
      .insert(externalProducts)
      .values({
        url: 'https://item.rakuten.co.jp/shop/kettle-12/',
        host: 'item.rakuten.co.jp',
        marketplace: 'Rakuten',
        status: 'done',
        name: 'Electric kettle 1.2 L',
        images: ['https://image.rakuten.example/kettle.jpg'],
        picture: 'external/kettle-12.webp',
        priceMinor: 4980,
        priceCurrency: 'JPY',
        fetchedAt: new Date(),
      })
      .returning();
    if (!external) throw new Error('external product insert returned nothing');
    const { shopper } = await newShopper();
    const expected = {
      productSource: 'e',
      productUrl: 'https://item.rakuten.co.jp/shop/kettle-12/',
      name: 'Electric kettle 1.2 L',
      // The store's copy of the page's picture, made when it read the page.
      mainImage: '/images/external/kettle-12.webp',
      marketplaceLabel: 'Rakuten (QUOTATION)',
      status: 'p',
    };
    const byId = await shopper.send('POST', '/api/quotation_item/external', {
      externalProductId: external.id,
      quantity: 2,
    });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().quotationItem).toMatchObject({ ...expected, quantity: 2 });
    const byLink = await shopper.send('POST', '/api/quotation_item/external', {
      link: 'https://item.rakuten.co.jp/shop/kettle-12/?utm_campaign=x#top',
      instructions: 'Black',
    });
    expect(byLink.json().quotationItem).toMatchObject({ ...expected, quantity: 1, instructions: 'Black' });
    // A remote request for the same page is tied to what the store read from it.
    const remoteRequest = await shopper.request(
      remote({ productUrl: 'https://item.rakuten.co.jp/shop/kettle-12/' }),
    );
    expect(remoteRequest.json().quotationItem.marketplaceLabel).toBe('Rakuten (QUOTATION)');
    const [tied] = await harness.app.db
      .select({ externalProductId: quotationItems.externalProductId })
      .from(quotationItems)
      .where(eq(quotationItems.id, remoteRequest.json().quotationItem.id));
    expect(tied?.externalProductId).toBe(external.id);

    for (const body of [
      { externalProductId: UNKNOWN_ID },
      { externalProductId: 'nope' },
      { link: 'https://never.searched.example/item' },
    ]) {
      const response = await shopper.send('POST', '/api/quotation_item/external', body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('external/not_found');
    }
    const missing = await shopper.send('POST', '/api/quotation_item/external', { quantity: 1 });
    expect(missing.json().error).toMatchObject({ code: 'general/missing_argument', params: ['link'] });
  });

  it('takes a local request for one of our products by id or by name in URLs', async () => {
    const { shopper } = await newShopper();
    const [row] = await harness.app.db.select().from(products).where(eq(products.id, earbuds));
    for (const productRef of [earbuds, row?.paramName]) {
      const response = await shopper.request({ from: 'l', productRef, variantPath: '', productQuantity: 3 });
      expect(response.statusCode).toBe(201);
      expect(response.json().quotationItem).toMatchObject({
        productSource: 'i',
        status: 'p',
        productSourceData: { productId: earbuds, variantPath: '' },
        name: 'Budget Earbuds',
        // An internal item costs its unit price times the quantity.
        price: { amountMinor: 5970, currency: 'SGD' },
        marketplaceLabel: 'Amazon JP (QUOTATION)',
      });
      expect(response.json().product.uuid).toBe(earbuds);
    }
  });

  it('names the missing field of either form, and refuses bad values with their codes', async () => {
    const { shopper } = await newShopper();
    const cases: [unknown, string, string?][] = [
      [{}, 'general/missing_argument', 'from'],
      [{ from: 'x' }, 'general/argument_error'],
      [remote({ productUrl: undefined }), 'general/missing_argument', 'productUrl'],
      [remote({ productName: undefined }), 'general/missing_argument', 'productName'],
      [remote({ productQuantity: undefined }), 'general/missing_argument', 'productQuantity'],
      [remote({ instructions: undefined }), 'general/missing_argument', 'instructions'],
      [remote({ imageUrl: undefined }), 'general/missing_argument', 'imageUrl'],
      [{ from: 'l', variantPath: '', productQuantity: 1 }, 'general/missing_argument', 'productRef'],
      [{ from: 'l', productRef: earbuds, productQuantity: 1 }, 'general/missing_argument', 'variantPath'],
      [{ from: 'l', productRef: earbuds, variantPath: '' }, 'general/missing_argument', 'productQuantity'],
      [remote({ productUrl: 'javascript:alert(1)' }), 'quotation/invalid_product_url'],
      [remote({ productUrl: 'file:///etc/passwd' }), 'quotation/invalid_product_url'],
      [remote({ imageUrl: 'data:image/png;base64,AAAA' }), 'quotation/invalid_image_url'],
      [remote({ productName: '  ' }), 'quotation/invalid_product_name'],
      [remote({ productQuantity: 0 }), 'quotation/invalid_quantity'],
      [remote({ productQuantity: 1000 }), 'quotation/invalid_quantity'],
      [remote({ instructions: 'x'.repeat(1001) }), 'quotation/invalid_instructions'],
      [remote({ instructions: 'a\u0000b' }), 'general/argument_error'],
      [{ from: 'l', productRef: earbuds, variantPath: '0', productQuantity: 1 }, 'cart/invalid_variant_path'],
      [null, 'general/argument_error'],
      [[], 'general/argument_error'],
      ['from=r', 'general/argument_error'],
    ];
    for (const [body, code, param] of cases) {
      const response = await shopper.request(body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({
        body,
        status: 400,
        code,
      });
      if (param) expect(response.json().error.params).toEqual([param]);
    }
    const missing = await shopper.request({
      from: 'l',
      productRef: UNKNOWN_ID,
      variantPath: '',
      productQuantity: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect((await shopper.list()).json().quotationItems).toEqual([]);
  });

  it('moves a cart line into the quotation list in one step', async () => {
    const { shopper } = await newShopper();
    const line = (await shopper.addToCart({ productId: earbuds, quantity: 2, message: 'Matte black' })).json()
      .cartItem;
    const moved = await shopper.moveFromCart(line.id);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().quotationItem).toMatchObject({
      productSource: 'i',
      quantity: 2,
      instructions: 'Matte black',
      productSourceData: { productId: earbuds },
    });
    expect((await shopper.cart()).json().cartItems).toEqual([]);
    const again = await shopper.moveFromCart(line.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('cart/not_found');
    expect((await shopper.list()).json().quotationItems).toHaveLength(1);
  });

  it("leaves another shopper's cart line where it is", async () => {
    const { shopper: owner } = await newShopper();
    const { shopper: other } = await newShopper();
    const line = (await owner.addToCart({ productId: earbuds })).json().cartItem;
    expect((await other.moveFromCart(line.id)).statusCode).toBe(404);
    expect((await owner.cart()).json().cartItems).toHaveLength(1);
    expect((await other.list()).json().quotationItems).toEqual([]);
  });

  it('keeps a line in the cart when its product is no longer on sale', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Fading Speaker',
      categoryId: 'speakers',
      merchant: fixture.merchants.audio,
      priceMinor: 3000,
      stock: 4,
    });
    const { shopper } = await newShopper();
    const line = (await shopper.addToCart({ productId: id })).json().cartItem;
    await harness.app.db.update(products).set({ disabled: true }).where(eq(products.id, id));
    const moved = await shopper.moveFromCart(line.id);
    expect(moved.json().error.code).toBe('cart/product_unavailable');
    expect((await shopper.cart()).json().cartItems).toHaveLength(1);
  });

  it('changes only the quantity and the instructions, and removes; never another shopper’s', async () => {
    const { shopper } = await newShopper();
    const { shopper: other } = await newShopper();
    const { id } = (await shopper.request(remote())).json().quotationItem;
    const changed = await shopper.update(id, { quantity: 4, instructions: 'Two white, two black' });
    expect(changed.json().quotationItem).toMatchObject({ quantity: 4, instructions: 'Two white, two black' });
    for (const body of [
      { status: 'r' },
      { name: 'Free TV' },
      { quantity: 2, statusData: {} },
      {},
      null,
      [],
    ]) {
      expect((await shopper.update(id, body)).statusCode).toBe(400);
    }
    expect((await shopper.item(id)).json().quotationItem).toMatchObject({
      status: 'p',
      name: 'Rice cooker 5.5 go',
    });
    for (const response of [
      await other.item(id),
      await other.update(id, { quantity: 9 }),
      await other.remove(id),
      await other.again(id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('quotation/not_found');
    }
    expect((await shopper.remove(id)).statusCode).toBe(204);
    expect((await shopper.item(id)).statusCode).toBe(404);
  });

  it('keeps the store desk to operators', async () => {
    const visitor = as(await withXsrf(harness.app));
    const { shopper } = await newShopper();
    expect((await visitor.get('/api/admin/quotation_items')).statusCode).toBe(401);
    const refused = await shopper.get('/api/admin/quotation_items');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/not_authorized');
    const { id } = (await shopper.request(remote())).json().quotationItem;
    const resolveByShopper = await shopper.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
      basePrice: { amountMinor: 100, currency: 'SGD' },
    });
    expect(resolveByShopper.statusCode).toBe(403);
    expect((await shopper.item(id)).json().quotationItem.status).toBe('p');
  });

  it("tells the shopper until when the quote holds in the store's time, the next day when UTC's is still today", async () => {
    const { shopper, user } = await newShopper();
    const { id } = (await shopper.request(remote())).json().quotationItem;
    // 17:30 UTC is 01:30 the next morning in Singapore.
    const quotedAt = new Date();
    quotedAt.setUTCHours(17, 30, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(quotedAt);
      expect((await resolve(id, { basePrice: { amountMinor: 10000, currency: 'JPY' } })).statusCode).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
    const { expiresAt } = (await shopper.item(id)).json().quotationItem.statusData;
    const singaporeDay = new Date(Date.parse(expiresAt) + 8 * 3_600_000).toISOString();
    const [year, month, day] = singaporeDay.slice(0, 10).split('-');
    expect(singaporeDay.slice(11, 19)).toBe('01:30:00');
    const [told] = await harness.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told?.body).toMatch(
      new RegExp(`: the price holds until ${day}/${month}/${year} 01:30:00 Singapore time\\.$`),
    );
  });

  it('quotes in every region from the base price, the fee and the rates, and tells the shopper', async () => {
    const { shopper, user } = await newShopper();
    const { id } = (await shopper.request(remote({ productQuantity: 2 }))).json().quotationItem;
    const otherId = (await shopper.request(remote())).json().quotationItem.id;
    const pending = (await desk().get('/api/admin/quotation_items?limit=100')).json().items;
    expect(pending.find((item: { id: string }) => item.id === id)).toMatchObject({
      shopper: { id: user.id, email: user.email },
      status: 'p',
    });

    expect((await resolve(id, {})).json().error).toMatchObject({
      code: 'general/missing_argument',
      params: ['basePrice'],
    });
    const resolved = await resolve(id, { basePrice: { amountMinor: 10000, currency: 'JPY' } });
    expect(resolved.statusCode).toBe(200);
    // 10,000 JPY plus the 10% fee is 11,000 JPY; through 112.35 JPY per SGD: 97.9083 SGD, 341.4553 MYR
    // (at 3.4875 MYR per SGD), 56.9924 GBP (at 0.5821), each rounded half-even once.
    expect(resolved.json().quotationItem.statusData).toMatchObject({
      basePrice: { amountMinor: 10000, currency: 'JPY' },
      quotedPrice: {
        SG: { amountMinor: 9791, currency: 'SGD' },
        MY: { amountMinor: 34146, currency: 'MYR' },
        JP: { amountMinor: 11000, currency: 'JPY' },
        GB: { amountMinor: 5699, currency: 'GBP' },
      },
    });

    const item = (await shopper.item(id)).json().quotationItem;
    expect(item).toMatchObject({
      status: 'r',
      price: { amountMinor: 19582, currency: 'SGD' },
      unavailableReason: null,
    });
    const days = (Date.parse(item.statusData.expiresAt) - Date.parse(item.statusData.quotedAt)) / 86_400_000;
    expect(days).toBe(7);
    expect(QUOTATION_STATUS_MESSAGES[item.status as 'r']).toBe('Your Quotation is here!');
    expect((await shopper.get(`/api/quotation_item/${id}?region=MY`)).json().quotationItem.price).toEqual({
      amountMinor: 68292,
      currency: 'MYR',
    });
    const told = await harness.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toEqual([
      expect.objectContaining({ title: 'Your Quotation is here!', link: `/quotations/${id}` }),
    ]);

    // A quote holds its prices whatever the rates do until it expires.
    await harness.app.db
      .update(exchangeRates)
      .set({ rate: '4.2' })
      .where(and(eq(exchangeRates.baseCurrency, 'SGD'), eq(exchangeRates.quoteCurrency, 'MYR')));
    expect(
      (await shopper.get(`/api/quotation_item/${id}?region=MY`)).json().quotationItem.price.amountMinor,
    ).toBe(68292);

    const withoutRate = await resolve(otherId, { basePrice: { amountMinor: 1000, currency: 'USD' } });
    expect(withoutRate.statusCode).toBe(400);
    expect(withoutRate.json().error).toMatchObject({
      code: 'quotation/no_exchange_rate',
      params: ['SGD', 'USD'],
    });
    expect((await shopper.item(otherId)).json().quotationItem.status).toBe('p');

    const twice = await resolve(id, { basePrice: { amountMinor: 1, currency: 'JPY' } });
    expect(twice.json().error.code).toBe('quotation/not_pending');
    expect((await resolve(UNKNOWN_ID, { basePrice: { amountMinor: 1, currency: 'JPY' } })).statusCode).toBe(
      404,
    );
  });

  it('pages the desk oldest first, each item once, items of the same millisecond included', async () => {
    const { user } = await newShopper();
    const sameMillisecond = [
      '2020-01-01T00:00:00.000300Z',
      '2020-01-01T00:00:00.000100Z',
      '2020-01-01T00:00:00.000200Z',
    ];
    const inserted = await harness.app.db
      .insert(quotationItems)
      .values(
        sameMillisecond.map((time, index) => ({
          userId: user.id,
          productSource: 'e' as const,
          productUrl: `https://shop.example/old/${index}`,
          name: `Old request ${index}`,
          quantity: 1,
          createdAt: sql`${time}::timestamptz`,
        })),
      )
      .returning({ id: quotationItems.id });
    const seen: string[] = [];
    let after: string | null = null;
    // Bounded, so a cursor that repeats items fails the test instead of paging forever.
    for (let pages = 0; pages < 200; pages += 1) {
      const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
      const page = (await desk().get(`/api/admin/quotation_items?limit=1${query}`)).json();
      seen.push(...page.items.map((item: { id: string }) => item.id));
      after = page.nextCursor;
      if (!after) break;
    }
    expect(after).toBeNull();
    const ours = seen.filter((id) => inserted.some((row) => row.id === id));
    // Oldest first, by microsecond: the second inserted, then the third, then the first.
    expect(ours).toEqual([inserted[1]?.id, inserted[2]?.id, inserted[0]?.id]);
    expect(new Set(seen).size).toBe(seen.length);

    for (const bad of [
      'x',
      '2020-13-45T00:00:00.000000Z_6f1c1a52-0000-4000-8000-000000000000',
      '2020-01-01T00:00:00.000Z_6f1c1a52-0000-4000-8000-000000000000',
      '2020-01-01T00:00:00.000000Z_------------------------------------',
    ]) {
      const response = await desk().get(`/api/admin/quotation_items?after=${encodeURIComponent(bad)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('general/argument_error');
    }
  });

  it('answers a pending item once when operators resolve it in parallel', async () => {
    const { shopper, user } = await newShopper();
    const { id } = (await shopper.request(remote())).json().quotationItem;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? resolve(id, { basePrice: { amountMinor: 1000 + index, currency: 'SGD' } })
          : decline(id, { reason: `Reason ${index}` }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(
      responses
        .filter((response) => response.statusCode === 400)
        .map((response) => response.json().error.code),
    ).toEqual(Array(11).fill('quotation/not_pending'));
    expect(
      await harness.app.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(1);
  });

  it('declines with a reason the shopper reads, and one step asks again', async () => {
    const { shopper } = await newShopper();
    const { id } = (await shopper.request(remote())).json().quotationItem;
    expect((await decline(id, { reason: ' ' })).json().error.code).toBe('quotation/invalid_decline_reason');
    const declined = await decline(id, { reason: 'The seller does not ship this voltage abroad.' });
    expect(declined.json().quotationItem).toMatchObject({
      status: 'd',
      unavailableReason: 'quotation/declined',
      statusData: { declineReason: 'The seller does not ship this voltage abroad.' },
    });
    expect((await shopper.get('/api/quotation?filter=declined')).json().total).toBe(1);
    const again = await shopper.again(id);
    expect(again.json().quotationItem).toMatchObject({ status: 'p', statusData: { declineReason: null } });
  });

  it('lets an expired quote be neither bought nor kept, and asked again in one step', async () => {
    const { shopper } = await newShopper();
    const { id } = (await shopper.request(remote())).json().quotationItem;
    await resolve(id, { basePrice: { amountMinor: 5000, currency: 'SGD' } });
    expect((await shopper.again(id)).json().error.code).toBe('quotation/not_expired');
    expect((await shopper.get('/api/quotation?filter=resolved')).json().total).toBe(1);

    await harness.app.db
      .update(quotationItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotationItems.id, id));
    const expired = (await shopper.item(id)).json().quotationItem;
    expect(expired).toMatchObject({ status: 'r', unavailableReason: 'quotation/expired' });
    expect(
      (await shopper.get('/api/quotation?filter=expired'))
        .json()
        .quotationItems.map((item: { id: string }) => item.id),
    ).toEqual([id]);
    expect((await shopper.get('/api/quotation?filter=resolved')).json().total).toBe(0);

    const again = await shopper.again(id);
    expect(again.json().quotationItem).toMatchObject({
      status: 'p',
      statusData: { quotedPrice: null, basePrice: null, expiresAt: null },
    });
    expect((await shopper.again(id)).json().quotationItem.status).toBe('p');
  });

  it('lists the current items, the external ones alone, and the ordered ones apart', async () => {
    const { shopper, user } = await newShopper();
    const external = (await shopper.request(remote())).json().quotationItem.id;
    const internal = (
      await shopper.request({ from: 'l', productRef: earbuds, variantPath: '', productQuantity: 1 })
    ).json().quotationItem.id;
    const ids = (response: { json(): { quotationItems: { id: string }[] } }) =>
      response.json().quotationItems.map((item) => item.id);
    expect(ids(await shopper.list())).toEqual([internal, external]);
    expect(ids(await shopper.get('/api/quotation_item/external'))).toEqual([external]);
    expect((await shopper.get('/api/quotation_order')).json()).toMatchObject({
      quotationItems: [],
      total: 0,
    });
    expect((await shopper.get(`/api/quotation_order/${external}`)).statusCode).toBe(404);

    await harness.app.db
      .update(quotationItems)
      .set({ orderedAt: new Date() })
      .where(and(eq(quotationItems.id, external), eq(quotationItems.userId, user.id)));
    expect(ids(await shopper.list())).toEqual([internal]);
    expect(ids(await shopper.get('/api/quotation_order'))).toEqual([external]);
    expect((await shopper.get(`/api/quotation_order/${external}`)).statusCode).toBe(200);
    // An ordered item is the order's now: it can no longer be changed or removed from the list.
    const changed = await shopper.update(external, { quantity: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('quotation/ordered');
    expect((await shopper.remove(external)).statusCode).toBe(404);
  });

  it('holds the most items a list holds under a burst of parallel requests', async () => {
    const { shopper, user } = await newShopper();
    await harness.app.db.insert(quotationItems).values(
      Array.from({ length: QUOTATION_MAX_ITEMS - 3 }, (_, index) => ({
        userId: user.id,
        productSource: 'e' as const,
        productUrl: `https://shop.example/${index}`,
        name: `Item ${index}`,
        quantity: 1,
      })),
    );
    const responses = await Promise.all(Array.from({ length: 15 }, () => shopper.request(remote())));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(
      responses
        .filter((response) => response.statusCode === 400)
        .map((response) => response.json().error.code),
    ).toEqual(Array(12).fill('quotation/too_many_items'));
  });
});

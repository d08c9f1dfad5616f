import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { products, productVariants } from '../src/features/catalogue/catalogue.table.js';
import { orderLines } from '../src/features/orders/orders.table.js';
import type { UserRow } from '../src/features/users/users.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Api = ReturnType<typeof apiAs>;
type Product = {
  id: string;
  name: string;
  version: number;
  enabled: boolean;
  price: { amountMinor: number; currency: string };
  stock: number;
  variantRows: {
    path: string;
    label: string;
    price: { amountMinor: number };
    stock: number;
    ordered: boolean;
  }[];
  regionPrices: {
    countryCode: string;
    variantPath: string;
    price: { amountMinor: number; currency: string };
  }[];
};

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the back office catalogue: products', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let operator: UserRow;
  let desk: Api;
  let shop: Api;

  const productOf = async (id: string): Promise<Product> => {
    const answer = await desk.get(`/api/admin/products/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().product;
  };
  const auditOf = (productId: string) =>
    harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectType, 'product'), eq(auditEntries.subjectId, productId)))
      .orderBy(asc(auditEntries.createdAt), asc(auditEntries.id));
  const shopPrice = async (id: string, region = 'SG') => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: `/api/product/one/${id}?region=${region}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().product;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    const shopper = await createUser(harness.app);
    shop = apiAs(harness.app, await signInAs(harness.app, shopper));
  });
  afterAll(() => harness?.close());

  describe('the list', () => {
    let listed: Record<string, string>;
    beforeAll(async () => {
      listed = {
        cans: (
          await addProduct(fixture, {
            name: 'Studio Cans 100% Bass',
            categoryId: 'headphones',
            merchant: fixture.merchants.audio,
            priceMinor: 19_900,
            stock: 3,
          })
        ).id,
        speaker: (
          await addProduct(fixture, {
            name: 'Shelf Speaker',
            categoryId: 'speakers',
            merchant: fixture.merchants.audio,
            priceMinor: 9_900,
            stock: 0,
          })
        ).id,
        sneaker: (
          await addProduct(fixture, {
            name: 'Canvas Sneaker',
            categoryId: 'sneakers',
            merchant: fixture.merchants.basics,
            priceMinor: 5_900,
            stock: 8,
            disabled: true,
          })
        ).id,
      };
    });
    const namesOf = async (query: string) => {
      const answer = await desk.get(`/api/admin/products${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().products as { name: string }[]).map((product) => product.name);
    };

    it('finds products by part of the name, by id, by paramName, and takes % literally', async () => {
      expect(await namesOf('?q=studio')).toEqual(['Studio Cans 100% Bass']);
      expect(await namesOf(`?q=${listed.speaker}`)).toEqual(['Shelf Speaker']);
      expect(await namesOf('?q=100%25')).toEqual(['Studio Cans 100% Bass']);
      expect(await namesOf('?q=%25%25%25')).toEqual([]);
    });

    it('filters by category (with the categories below it), merchant, enabled and stock, and sorts', async () => {
      expect(await namesOf('?categoryId=audio&sort=name_asc')).toEqual([
        'Shelf Speaker',
        'Studio Cans 100% Bass',
      ]);
      expect(await namesOf(`?merchantId=${fixture.merchants.basics.id}`)).toEqual(['Canvas Sneaker']);
      expect(await namesOf('?enabled=false')).toEqual(['Canvas Sneaker']);
      expect(await namesOf('?stock=sold_out&categoryId=electronics')).toEqual(['Shelf Speaker']);
      expect(await namesOf('?categoryId=electronics&stock=in_stock')).toEqual(['Studio Cans 100% Bass']);
      expect(await namesOf('?categoryId=electronics&sort=price_asc')).toEqual([
        'Shelf Speaker',
        'Studio Cans 100% Bass',
      ]);
    });

    it('pages on the server and counts every match', async () => {
      const answer = await desk.get(
        '/api/admin/products?sort=name_asc&limit=1&page=2&categoryId=electronics',
      );
      expect(answer.json()).toMatchObject({
        page: 2,
        limit: 1,
        total: 2,
        products: [{ name: 'Studio Cans 100% Bass' }],
      });
    });

    it('refuses a bad filter with a catalogue code', async () => {
      for (const query of [
        '?sort=cheapest',
        '?limit=1000',
        '?merchantId=nope',
        '?enabled=perhaps',
        '?page=0',
      ]) {
        const answer = await desk.get(`/api/admin/products${query}`);
        expect(answer.statusCode, query).toBe(400);
        expect(errorCode(answer)).toMatch(/^general\//);
      }
    });
  });

  describe('creating and editing', () => {
    it('creates a product, audited, with a paramName of its own, sold in the shop when enabled', async () => {
      const answer = await desk.send('POST', '/api/admin/products', {
        name: 'Travel Kettle',
        description: 'Boils half a litre.',
        categoryId: 'keyboards',
        merchantId: fixture.merchants.basics.id,
        priceMinor: 3_450,
        weightGrams: 800,
        enabled: true,
        stock: 12,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const created: Product & { paramName: string } = answer.json().product;
      expect(created).toMatchObject({ name: 'Travel Kettle', version: 1, stock: 12, enabled: true });
      expect(created.paramName).toMatch(/^travel-kettle-[0-9a-f]{6}$/);
      expect((await shopPrice(created.id)).price).toEqual({ amountMinor: 3_450, currency: 'SGD' });
      const search = await harness.app.inject({
        method: 'GET',
        url: '/api/product/search?q=brooklyn%20kettle',
      });
      expect(search.json().products.map((product: { uuid: string }) => product.uuid)).toEqual([created.id]);
      const [entry] = await auditOf(created.id);
      expect(entry).toMatchObject({ action: 'product.create', actorUserId: operator.id, before: null });
      expect(entry?.after).toMatchObject({ name: 'Travel Kettle', priceMinor: 3_450 });
    });

    it('refuses bad input, an unknown category or merchant, and a change without the anti-forgery header', async () => {
      const good = {
        name: 'Lamp',
        description: '',
        categoryId: 'keyboards',
        merchantId: fixture.merchants.basics.id,
        priceMinor: 100,
        weightGrams: 100,
        enabled: true,
      };
      for (const body of [
        null,
        [],
        'lamp',
        { ...good, name: '' },
        { ...good, priceMinor: -1 },
        { ...good, priceMinor: 1.5 },
        { ...good, weightGrams: 0 },
        { ...good, name: 'x'.repeat(201) },
        { ...good, name: 'Lamp\u0000' },
      ]) {
        const answer = await desk.send('POST', '/api/admin/products', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        errorCode(await desk.send('POST', '/api/admin/products', { ...good, categoryId: 'nowhere' })),
      ).toBe('category/not_found');
      expect(
        errorCode(await desk.send('POST', '/api/admin/products', { ...good, merchantId: UNKNOWN_ID })),
      ).toBe('merchant/not_found');
      const unguarded = await harness.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: { cookie: (await signInAs(harness.app, operator, { tfaPassed: true })).cookie },
        payload: good,
      });
      expect(unguarded.statusCode).toBe(403);
      expect(errorCode(unguarded)).toBe('auth/invalid_state');
    });

    it('answers 404 for an unknown or malformed product id on every call', async () => {
      const calls = [
        () => desk.get(`/api/admin/products/${UNKNOWN_ID}`),
        () => desk.get('/api/admin/products/not-a-uuid'),
        () => desk.send('PATCH', `/api/admin/products/${UNKNOWN_ID}`, { version: 1, name: 'X' }),
        () =>
          desk.send('PUT', `/api/admin/products/${UNKNOWN_ID}/variants`, {
            version: 1,
            path: '0',
            priceMinor: 1,
          }),
        () => desk.send('DELETE', `/api/admin/products/${UNKNOWN_ID}/variants?version=1&path=0`),
        () => desk.send('PUT', `/api/admin/products/${UNKNOWN_ID}/stock`, { stock: 1 }),
        () => desk.send('PUT', `/api/admin/products/${UNKNOWN_ID}/region_prices`, { version: 1, prices: [] }),
      ];
      for (const call of calls) {
        const answer = await call();
        expect(answer.statusCode, answer.body).toBe(404);
        expect(errorCode(answer)).toBe('product/not_found');
      }
    });

    it('changes fields from the version it was loaded at, audits only what changed, and shows it in the shop at once', async () => {
      const { id } = await addProduct(fixture, {
        name: 'Desk Fan',
        categoryId: 'keyboards',
        merchant: fixture.merchants.basics,
        priceMinor: 2_000,
        stock: 4,
      });
      expect((await shopPrice(id)).price.amountMinor).toBe(2_000);
      const loaded = await productOf(id);
      const answer = await desk.send('PATCH', `/api/admin/products/${id}`, {
        version: loaded.version,
        name: 'Desk Fan',
        priceMinor: 2_500,
        categoryId: 'speakers',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().product).toMatchObject({
        version: loaded.version + 1,
        price: { amountMinor: 2_500 },
      });
      // The product page was cached before the change; it is forgotten, not waited out.
      expect((await shopPrice(id)).price.amountMinor).toBe(2_500);
      expect((await shopPrice(id)).categoryId).toBe('speakers');
      const entries = await auditOf(id);
      expect(entries.at(-1)).toMatchObject({
        action: 'product.update',
        before: { priceMinor: 2_000, categoryId: 'keyboards' },
        after: { priceMinor: 2_500, categoryId: 'speakers' },
      });

      const stale = await desk.send('PATCH', `/api/admin/products/${id}`, {
        version: loaded.version,
        name: 'Fan',
      });
      expect(stale.statusCode).toBe(409);
      expect(errorCode(stale)).toBe('product/stale_version');
      expect((await productOf(id)).name).toBe('Desk Fan');
      expect(await auditOf(id)).toHaveLength(entries.length);
    });

    it('disabling a product takes it out of search and makes its page say it is unavailable', async () => {
      const { id } = await addProduct(fixture, {
        name: 'Vanishing Lamp',
        categoryId: 'keyboards',
        merchant: fixture.merchants.basics,
        priceMinor: 1_000,
        stock: 1,
      });
      const search = () =>
        harness.app
          .inject({ method: 'GET', url: '/api/product/search?q=vanishing' })
          .then((answer) => answer.json());
      expect((await search()).total).toBe(1);
      const { version } = await productOf(id);
      const answer = await desk.send('PATCH', `/api/admin/products/${id}`, { version, enabled: false });
      expect(answer.json().product.enabled).toBe(false);
      expect((await search()).total).toBe(0);
      expect((await shopPrice(id)).disabled).toBe(true);
      expect((await auditOf(id)).at(-1)).toMatchObject({
        before: { enabled: true },
        after: { enabled: false },
      });
    });
  });

  describe('variants, stock and region prices', () => {
    let id: string;
    beforeAll(async () => {
      ({ id } = await addProduct(fixture, {
        name: 'Wool Beanie',
        categoryId: 'sneakers',
        merchant: fixture.merchants.basics,
        priceMinor: 1_500,
        variants: [{ name: 'Colour', options: ['Grey', 'Navy'] }],
        variantPaths: { '0': { priceMinor: 1_500, stock: 2 }, '1': { priceMinor: 1_700, stock: 3 } },
      }));
    });

    it('adds an option and a variant for it; the product costs its cheapest variant', async () => {
      let product = await productOf(id);
      expect(product.variantRows.map((row) => row.label)).toEqual(['Colour: Grey', 'Colour: Navy']);
      const options = await desk.send('PATCH', `/api/admin/products/${id}`, {
        version: product.version,
        variants: [{ name: 'Colour', options: ['Grey', 'Navy', 'Red'] }],
      });
      expect(options.statusCode, options.body).toBe(200);
      product = options.json().product;
      const added = await desk.send('PUT', `/api/admin/products/${id}/variants`, {
        version: product.version,
        path: '2',
        priceMinor: 1_200,
        stock: 4,
      });
      expect(added.statusCode, added.body).toBe(200);
      product = added.json().product;
      expect(product.variantRows.at(-1)).toMatchObject({ path: '2', label: 'Colour: Red', stock: 4 });
      expect(product).toMatchObject({ stock: 9, price: { amountMinor: 1_200 } });
      expect((await shopPrice(id)).variantPaths['2']).toEqual({
        price: { amountMinor: 1_200, currency: 'SGD' },
        stock: 4,
      });
      expect((await auditOf(id)).at(-1)).toMatchObject({
        action: 'product.variant_add',
        after: { path: '2', priceMinor: 1_200, stock: 4 },
      });
    });

    it('refuses options that would strand a variant, and a path that names no option', async () => {
      const product = await productOf(id);
      const shrunk = await desk.send('PATCH', `/api/admin/products/${id}`, {
        version: product.version,
        variants: [{ name: 'Colour', options: ['Grey'] }],
      });
      expect(errorCode(shrunk)).toBe('product/invalid_variants');
      const beyond = await desk.send('PUT', `/api/admin/products/${id}/variants`, {
        version: product.version,
        path: '7',
        priceMinor: 1,
      });
      expect(errorCode(beyond)).toBe('product/invalid_variant_path');
      const malformed = await desk.send('PUT', `/api/admin/products/${id}/variants`, {
        version: product.version,
        path: '../0',
        priceMinor: 1,
      });
      expect(malformed.statusCode).toBe(400);
    });

    it('removes a variant nobody ordered, and keeps an ordered one', async () => {
      const order = await placeOrder(harness.app.db, operator.id, { method: 'paynow' });
      await harness.app.db.insert(orderLines).values({
        orderId: order.id,
        position: 0,
        source: 'cart',
        productId: id,
        variantPath: '0',
        quantity: 1,
        unitPriceMinor: 1_500,
        lineTotalMinor: 1_500,
        capture: {
          name: 'Wool Beanie',
          mainImage: null,
          paramName: null,
          variantLabel: 'Colour: Grey',
          merchantName: null,
          sourceMarketPlace: null,
          productUrl: null,
          unitPrice: { amountMinor: 1_500, currency: 'SGD' },
        },
      });
      let product = await productOf(id);
      expect(product.variantRows.find((row) => row.path === '0')?.ordered).toBe(true);
      const kept = await desk.send(
        'DELETE',
        `/api/admin/products/${id}/variants?version=${product.version}&path=0`,
      );
      expect(kept.statusCode).toBe(409);
      expect(errorCode(kept)).toBe('product/variant_ordered');

      const removed = await desk.send(
        'DELETE',
        `/api/admin/products/${id}/variants?version=${product.version}&path=1`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      product = removed.json().product;
      expect(product.variantRows.map((row) => row.path)).toEqual(['0', '2']);
      expect((await auditOf(id)).at(-1)).toMatchObject({
        action: 'product.variant_remove',
        before: { path: '1', priceMinor: 1_700, stock: 3 },
        after: null,
      });
      const again = await desk.send(
        'DELETE',
        `/api/admin/products/${id}/variants?version=${product.version}&path=1`,
      );
      expect(errorCode(again)).toBe('product/variant_not_found');
    });

    it("sets a variant's stock absolutely, without asking for the version, and refuses the product's own", async () => {
      const set = await desk.send('PUT', `/api/admin/products/${id}/stock`, { path: '2', stock: 40 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().product.variantRows.find((row: { path: string }) => row.path === '2').stock).toBe(40);
      expect((await shopPrice(id)).variantPaths['2'].stock).toBe(40);
      expect((await auditOf(id)).at(-1)).toMatchObject({
        action: 'product.set_stock',
        before: { path: '2', stock: 4 },
        after: { path: '2', stock: 40 },
      });
      expect(errorCode(await desk.send('PUT', `/api/admin/products/${id}/stock`, { stock: 3 }))).toBe(
        'product/invalid_variant_path',
      );
      expect(
        errorCode(await desk.send('PUT', `/api/admin/products/${id}/stock`, { path: '1', stock: 3 })),
      ).toBe('product/variant_not_found');
      for (const stock of [-1, 1.5, 10_000_000, '5']) {
        const answer = await desk.send('PUT', `/api/admin/products/${id}/stock`, { path: '2', stock });
        expect(answer.statusCode, String(stock)).toBe(400);
      }
    });

    it("sets region prices in each region's currency, shown in the shop at once; a stale set is refused", async () => {
      const product = await productOf(id);
      expect((await shopPrice(id, 'MY')).variantPaths['2'].price.currency).toBe('MYR');
      const answer = await desk.send('PUT', `/api/admin/products/${id}/region_prices`, {
        version: product.version,
        prices: [
          { countryCode: 'my', variantPath: '2', amountMinor: 3_990 },
          { countryCode: 'JP', variantPath: '', amountMinor: 1_800 },
        ],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().product.regionPrices).toEqual([
        { countryCode: 'JP', variantPath: '', price: { amountMinor: 1_800, currency: 'JPY' } },
        { countryCode: 'MY', variantPath: '2', price: { amountMinor: 3_990, currency: 'MYR' } },
      ]);
      expect((await shopPrice(id, 'MY')).variantPaths['2'].price).toEqual({
        amountMinor: 3_990,
        currency: 'MYR',
      });
      expect((await auditOf(id)).at(-1)).toMatchObject({
        action: 'product.set_region_prices',
        before: { prices: [] },
      });

      const stale = await desk.send('PUT', `/api/admin/products/${id}/region_prices`, {
        version: product.version,
        prices: [],
      });
      expect(stale.statusCode).toBe(409);
      expect(errorCode(stale)).toBe('product/stale_version');
      const { version } = await productOf(id);
      for (const [prices, code] of [
        [[{ countryCode: 'ZZ', variantPath: '', amountMinor: 1 }], 'region/not_enabled'],
        [[{ countryCode: 'MY', variantPath: '5', amountMinor: 1 }], 'product/variant_not_found'],
        [
          [
            { countryCode: 'MY', variantPath: '', amountMinor: 1 },
            { countryCode: 'MY', variantPath: '', amountMinor: 2 },
          ],
          'general/argument_error',
        ],
      ] as const) {
        expect(
          errorCode(await desk.send('PUT', `/api/admin/products/${id}/region_prices`, { version, prices })),
        ).toBe(code);
      }
    });
  });

  describe('under bursts', () => {
    it('20 stock sets at once leave one of the values set, and one audit entry each', async () => {
      const { id } = await addProduct(fixture, {
        name: 'Burst Mug',
        categoryId: 'keyboards',
        merchant: fixture.merchants.basics,
        priceMinor: 800,
        stock: 0,
      });
      const values = Array.from({ length: 20 }, (_, index) => index * 7 + 1);
      const answers = await Promise.all(
        values.map((stock) => desk.send('PUT', `/api/admin/products/${id}/stock`, { stock })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(values.map(() => 200));
      const [row] = await harness.app.db.select().from(products).where(eq(products.id, id));
      expect(values).toContain(row?.stock);
      // Each "before" was read under the lock, so the sets form one chain from 0 to the stock left.
      const entries = await auditOf(id);
      expect(entries).toHaveLength(20);
      const befores = entries.map((entry) => entry.before?.stock).sort((a, b) => Number(a) - Number(b));
      const expected = [0, ...values.filter((value) => value !== row?.stock)].sort((a, b) => a - b);
      expect(befores).toEqual(expected);
    });

    it('20 edits from the same version: exactly one is saved, the others are told it is stale', async () => {
      const { id } = await addProduct(fixture, {
        name: 'Contested Bowl',
        categoryId: 'keyboards',
        merchant: fixture.merchants.basics,
        priceMinor: 800,
        variants: [{ name: 'Size', options: ['S'] }],
      });
      const { version } = await productOf(id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          desk.send('PATCH', `/api/admin/products/${id}`, { version, name: `Bowl ${index}` }),
        ),
      );
      const saved = answers.filter((answer) => answer.statusCode === 200);
      expect(saved).toHaveLength(1);
      expect(answers.filter((answer) => errorCode(answer) === 'product/stale_version')).toHaveLength(19);
      const product = await productOf(id);
      expect(product).toMatchObject({ version: version + 1, name: saved[0]?.json().product.name });
      expect((await auditOf(id)).filter((entry) => entry.action === 'product.update')).toHaveLength(1);

      const stockSets = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          desk.send('PUT', `/api/admin/products/${id}/stock`, { path: '0', stock: index + 1 }),
        ),
      );
      expect(stockSets.every((answer) => answer.statusCode === 200)).toBe(true);
      const [variant] = await harness.app.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, id));
      const [row] = await harness.app.db.select().from(products).where(eq(products.id, id));
      expect(row?.stock).toBe(variant?.stock);
      const sets = (await auditOf(id)).filter((entry) => entry.action === 'product.set_stock');
      expect(sets).toHaveLength(20);
    });
  });

  it('answers hostile bodies to every change with a 4xx catalogue code, never a 5xx', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Hostile Target',
      categoryId: 'keyboards',
      merchant: fixture.merchants.basics,
      priceMinor: 100,
      variants: [{ name: 'Size', options: ['S'] }],
    });
    const hostile: unknown[] = [
      null,
      [],
      'text',
      42,
      { version: 'one' },
      { version: 2 ** 40 },
      { version: 1, name: 'x'.repeat(100_000) },
      { version: 1, variants: [[[[]]]] },
      { version: 1, variants: Array.from({ length: 5 }, () => ({ name: 'K', options: ['a'] })) },
      { version: 1, path: '0/0/0/0/0/0/0/0/0/0/0/0/0/0', priceMinor: 1 },
      { version: 1, path: '0', priceMinor: 2 ** 53 },
      { path: '0', stock: -5 },
      { path: null, stock: 1 },
      { version: 1, prices: [{ countryCode: 'S\u0000', variantPath: '', amountMinor: 1 }] },
      {
        version: 1,
        prices: Array.from({ length: 600 }, () => ({ countryCode: 'SG', variantPath: '', amountMinor: 1 })),
      },
      { version: 1, categoryId: 'UPPER case', merchantId: 'not-a-uuid' },
    ];
    const calls: ['PATCH' | 'PUT', string][] = [
      ['PATCH', `/api/admin/products/${id}`],
      ['PUT', `/api/admin/products/${id}/variants`],
      ['PUT', `/api/admin/products/${id}/stock`],
      ['PUT', `/api/admin/products/${id}/region_prices`],
    ];
    for (const [method, url] of calls) {
      for (const body of hostile) {
        const answer = await desk.send(method, url, body);
        const described = `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`;
        // Some bodies are valid for some calls (a PATCH keeps only the fields it knows).
        expect(answer.statusCode, described).toBeLessThan(500);
        if (answer.statusCode >= 400) expect(errorCode(answer), described).toMatch(/^[a-z_]+\/[a-z_]+$/);
      }
    }
    for (const query of [
      '?version=abc&path=0',
      '?version=1&path=',
      '?version=1&path=0%00',
      '?version=-1&path=0',
    ]) {
      const answer = await desk.send('DELETE', `/api/admin/products/${id}/variants${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
  });

  it('refuses shoppers', async () => {
    const answer = await shop.get('/api/admin/products');
    expect(answer.statusCode).toBe(403);
  });
});

import { convertMoney } from '@crossbuy/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_LIMIT } from '../src/features/catalogue/recently-viewed.service.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Summary = {
  uuid: string;
  name: string;
  price: { amountMinor: number; currency: string };
  stock: number;
};

describe('catalogue HTTP calls', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  const ids: Record<string, { id: string; paramName: string }> = {};

  const get = (url: string, cookie?: string) =>
    harness.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const search = async (query: string) => {
    const response = await get(`/api/product/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      products: Summary[];
      total: number;
      page: number;
      limit: number;
      region: string;
      facets: {
        categories: { id: string; name: string; count: number }[];
        merchants: { id: string; name: string; count: number }[];
        stock: { inStock: number; soldOut: number };
      };
    };
  };
  const names = (result: { products: Summary[] }) => result.products.map((product) => product.name);

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const { audio, basics } = fixture.merchants;
    ids.budget = await addProduct(fixture, {
      name: 'Budget Earbuds',
      categoryId: 'headphones',
      merchant: basics,
      priceMinor: 1990,
      stock: 100,
    });
    ids.wireless = await addProduct(fixture, {
      name: 'Wireless Noise-Cancelling Headphones',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 19990,
      description: 'Quiet flights and long battery life.',
      variants: [{ name: 'Colour', options: ['Black', 'White'] }],
      variantPaths: { '0': { stock: 4 }, '1': { stock: 0, priceMinor: 20990 } },
      regionPrices: [
        { countryCode: 'MY', amountMinor: 69900, currency: 'MYR' },
        { countryCode: 'MY', variantPath: '0', amountMinor: 69900, currency: 'MYR' },
      ],
    });
    ids.studio = await addProduct(fixture, {
      name: 'Studio Monitor Headphones',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 12900,
      stock: 0,
    });
    ids.speaker = await addProduct(fixture, {
      name: 'Portable Bluetooth Speaker',
      categoryId: 'speakers',
      merchant: basics,
      priceMinor: 5990,
      stock: 10,
    });
    ids.audiobook = await addProduct(fixture, {
      name: 'Audiobook Player',
      categoryId: 'audiobooks',
      merchant: basics,
      priceMinor: 4990,
      stock: 2,
    });
    ids.keyboard = await addProduct(fixture, {
      name: 'Mechanical Keyboard',
      categoryId: 'keyboards',
      merchant: audio,
      priceMinor: 15900,
      stock: 3,
    });
    ids.sneakers = await addProduct(fixture, {
      name: 'Retro Running Sneakers',
      categoryId: 'sneakers',
      merchant: basics,
      priceMinor: 8990,
      variants: [
        { name: 'Colour', options: ['Black', 'White'] },
        { name: 'Size', options: ['EU 40', 'EU 42'] },
      ],
      variantPaths: { '0/1': { priceMinor: 9490 } },
    });
    ids.discontinued = await addProduct(fixture, {
      name: 'Classic Headphones Discontinued',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 9900,
      stock: 5,
      disabled: true,
    });
  });
  afterAll(() => harness.close());

  describe('GET /product/search', () => {
    it('lists every product on sale, newest first, with total, paging and facets', async () => {
      const result = await search('');
      expect(result.total).toBe(7);
      expect(result).toMatchObject({ page: 1, limit: 24, region: 'SG' });
      expect(names(result)[0]).toBe('Retro Running Sneakers');
      expect(names(result)).not.toContain('Classic Headphones Discontinued');
      expect(result.facets.stock).toEqual({ inStock: 6, soldOut: 1 });
      expect(result.facets.categories).toContainEqual({ id: 'headphones', name: 'Headphones', count: 3 });
      expect(result.facets.merchants).toEqual(
        expect.arrayContaining([
          { ...fixture.merchants.audio, count: 3 },
          { ...fixture.merchants.basics, count: 4 },
        ]),
      );
    });

    it('finds a product despite a typo', async () => {
      const result = await search('q=hedphones');
      expect(names(result)).toEqual(
        expect.arrayContaining(['Wireless Noise-Cancelling Headphones', 'Studio Monitor Headphones']),
      );
      expect(names(result)).not.toContain('Mechanical Keyboard');
    });

    it('finds products by a partial word', async () => {
      expect(names(await search('q=keyb'))).toEqual(['Mechanical Keyboard']);
      expect(names(await search('q=headph'))).toEqual(
        expect.arrayContaining(['Wireless Noise-Cancelling Headphones', 'Studio Monitor Headphones']),
      );
    });

    it('needs every word of a query to match, and matches merchant and category names', async () => {
      expect(names(await search('q=wireless%20headphones'))).toEqual([
        'Wireless Noise-Cancelling Headphones',
      ]);
      expect(names(await search('q=brooklyn%20speaker'))).toEqual(['Portable Bluetooth Speaker']);
      // 'Budget Earbuds' does not say headphones, but it is in the Headphones category.
      expect(names(await search('q=headphones'))).toContain('Budget Earbuds');
    });

    it('ranks a match in the name above one in the category or description', async () => {
      const result = await search('q=headphones');
      expect(names(result).indexOf('Budget Earbuds')).toBe(result.products.length - 1);
    });

    it('never shows a disabled product, even when searched for by name', async () => {
      expect((await search('q=discontinued')).total).toBe(0);
    });

    it('treats a query without letters or digits as no query', async () => {
      expect((await search('q=%20%21%3F')).total).toBe(7);
    });

    it('filters by a category and everything below it, and nothing beside it', async () => {
      const result = await search('categoryId=audio');
      expect(names(result).sort()).toEqual(
        [
          'Budget Earbuds',
          'Portable Bluetooth Speaker',
          'Studio Monitor Headphones',
          'Wireless Noise-Cancelling Headphones',
        ].sort(),
      );
      expect(names(result)).not.toContain('Audiobook Player');
      expect((await search('categoryId=electronics')).total).toBe(6);
      expect((await search('categoryId=sneakers')).total).toBe(1);
    });

    it('combines a text query with a category filter', async () => {
      expect(names(await search('q=headphones&categoryId=speakers'))).toEqual([]);
      expect((await search('q=headphones&categoryId=audio')).total).toBe(3);
    });

    it('filters by merchant', async () => {
      const result = await search(`merchantId=${fixture.merchants.audio.id}`);
      expect(names(result).sort()).toEqual(
        ['Mechanical Keyboard', 'Studio Monitor Headphones', 'Wireless Noise-Cancelling Headphones'].sort(),
      );
      // The merchant facet is counted as if no merchant were chosen, so the shopper can switch.
      const unfiltered = await search('');
      expect(result.facets.merchants).toEqual(unfiltered.facets.merchants);
      expect(result.facets.merchants).toContainEqual({ ...fixture.merchants.audio, count: 3 });
      expect(result.facets.merchants.length).toBeGreaterThan(1);
      expect(result.total).toBe(3);
    });

    it('counts the category facet as if no category were chosen, and each facet within the other filter', async () => {
      const unfiltered = await search('');
      const speakers = await search('categoryId=speakers');
      expect(speakers.facets.categories).toEqual(unfiltered.facets.categories);

      const audioMerchant = await search(`merchantId=${fixture.merchants.audio.id}`);
      const both = await search(`categoryId=headphones&merchantId=${fixture.merchants.audio.id}`);
      expect(both.facets.categories).toEqual(audioMerchant.facets.categories);
      expect(both.facets.merchants).toEqual((await search('categoryId=headphones')).facets.merchants);
      expect(both.total).toBe(
        audioMerchant.facets.categories.find((facet) => facet.id === 'headphones')?.count,
      );
      expect(both.facets.stock.inStock + both.facets.stock.soldOut).toBe(both.total);
    });

    it('filters by stock', async () => {
      expect(names(await search('inStock=false'))).toEqual(['Studio Monitor Headphones']);
      const inStock = await search('inStock=true');
      expect(inStock.total).toBe(6);
      expect(inStock.facets.stock).toEqual({ inStock: 6, soldOut: 0 });
    });

    it('counts a product with variants as in stock when any variant is', async () => {
      expect(names(await search('inStock=true&q=wireless'))).toEqual([
        'Wireless Noise-Cancelling Headphones',
      ]);
    });

    it('filters by an inclusive price range in the region currency', async () => {
      expect(names(await search('minPrice=5990&maxPrice=8990')).sort()).toEqual([
        'Portable Bluetooth Speaker',
        'Retro Running Sneakers',
      ]);
      // In MY the headphones have the merchant's own price, RM 699.00; others are converted.
      expect(names(await search('region=MY&minPrice=69900&maxPrice=69900'))).toEqual([
        'Wireless Noise-Cancelling Headphones',
      ]);
      const speakerInMyr = convertMoney({ amountMinor: 5990, currency: 'SGD' }, 'MYR', '3.4875').amountMinor;
      expect(names(await search(`region=MY&minPrice=${speakerInMyr}&maxPrice=${speakerInMyr}`))).toEqual([
        'Portable Bluetooth Speaker',
      ]);
    });

    it('sorts by price both ways, by newest, and by relevance', async () => {
      const ascending = (await search('sort=price_asc')).products.map((product) => product.price.amountMinor);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(ascending[0]).toBe(1990);
      const descending = (await search('sort=price_desc')).products.map(
        (product) => product.price.amountMinor,
      );
      expect(descending).toEqual([...ascending].reverse());
      expect(names(await search('sort=newest'))[0]).toBe('Retro Running Sneakers');
      expect(names(await search('sort=newest')).at(-1)).toBe('Budget Earbuds');
      // Without a text query there is no relevance, so it means newest.
      expect(names(await search('sort=relevance'))).toEqual(names(await search('sort=newest')));
    });

    it('sorts by price in a region without merchant-set prices, as converted', async () => {
      // No merchant set a JP price, so the sort walks base prices; the converted prices must still ascend.
      const yen = (await search('region=JP&sort=price_asc')).products.map((product) => product.price);
      expect(yen.every((price) => price.currency === 'JPY')).toBe(true);
      const amounts = yen.map((price) => price.amountMinor);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(amounts[0]).toBe(
        convertMoney({ amountMinor: 1990, currency: 'SGD' }, 'JPY', '112.35').amountMinor,
      );
    });

    it('sorts by the region price, explicit prices included', async () => {
      const result = await search('region=MY&sort=price_desc&categoryId=headphones');
      expect(result.products.map((product) => product.price)).toEqual([
        { amountMinor: 69900, currency: 'MYR' },
        convertMoney({ amountMinor: 12900, currency: 'SGD' }, 'MYR', '3.4875'),
        convertMoney({ amountMinor: 1990, currency: 'SGD' }, 'MYR', '3.4875'),
      ]);
    });

    it('pages through results without overlap', async () => {
      const first = await search('limit=3&page=1');
      const second = await search('limit=3&page=2');
      const third = await search('limit=3&page=3');
      expect(first.products).toHaveLength(3);
      expect(third.products).toHaveLength(1);
      const all = [...first.products, ...second.products, ...third.products].map((product) => product.uuid);
      expect(new Set(all).size).toBe(7);
      expect((await search('limit=3&page=9')).products).toEqual([]);
    });

    it.each([
      ['limit=0'],
      ['limit=61'],
      ['page=0'],
      ['page=101'],
      ['limit=ten'],
      ['sort=cheapest'],
      ['minPrice=-1'],
      ['minPrice=500&maxPrice=100'],
      ['inStock=maybe'],
      ['categoryId=Not.A.Slug'],
      [`q=${'a'.repeat(101)}`],
    ])('refuses %s with 400 general/argument_error', async (query) => {
      const response = await get(`/api/product/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('general/argument_error');
    });

    it('accepts the largest page and limit', async () => {
      expect((await get('/api/product/search?limit=60&page=100')).statusCode).toBe(200);
    });

    it('answers an unknown category or merchant with 404', async () => {
      const category = await get('/api/product/search?categoryId=no-such-category');
      expect(category.statusCode).toBe(404);
      expect(category.json().error).toMatchObject({
        code: 'category/not_found',
        params: ['no-such-category'],
      });
      for (const id of ['8d8ac610-566d-4ef0-9c22-186b2a5ed793', 'not-a-uuid']) {
        const merchant = await get(`/api/product/search?merchantId=${id}`);
        expect(merchant.statusCode).toBe(404);
        expect(merchant.json().error.code).toBe('merchant/not_found');
      }
    });

    it('prices in the requested region, and refuses a region that is off or unknown', async () => {
      const japan = await search('region=jp&q=speaker');
      expect(japan.region).toBe('JP');
      expect(japan.products[0]?.price).toEqual({ amountMinor: 6730, currency: 'JPY' });
      for (const region of ['GB', 'XX']) {
        const response = await get(`/api/product/search?region=${region}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'region/not_enabled', params: [region] });
      }
      expect((await get('/api/product/search?region=SGP')).json().error.code).toBe('general/argument_error');
    });
  });

  describe('GET /product/one/{id}', () => {
    it('answers a product by uuid with its variants, variant paths, price range and images', async () => {
      const response = await get(`/api/product/one/${ids.wireless?.id}`);
      expect(response.statusCode).toBe(200);
      const { product } = response.json();
      expect(product).toMatchObject({
        uuid: ids.wireless?.id,
        paramName: ids.wireless?.paramName,
        name: 'Wireless Noise-Cancelling Headphones',
        description: 'Quiet flights and long battery life.',
        price: { amountMinor: 19990, currency: 'SGD' },
        priceCurrency: 'SGD',
        priceRange: {
          min: { amountMinor: 19990, currency: 'SGD' },
          max: { amountMinor: 20990, currency: 'SGD' },
        },
        variants: [{ name: 'Colour', options: ['Black', 'White'] }],
        variantPaths: {
          '0': { price: { amountMinor: 19990, currency: 'SGD' }, stock: 4 },
          '1': { price: { amountMinor: 20990, currency: 'SGD' }, stock: 0 },
        },
        stock: 4,
        disabled: false,
        sourceMarketPlace: 'Amazon JP',
        merchant: fixture.merchants.audio,
        categoryId: 'headphones',
        mainImage: `/images/products/${ids.wireless?.id}.svg`,
        gallery: [],
      });
      expect(product.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('answers the same product by paramName', async () => {
      const response = await get(`/api/product/one/${ids.wireless?.paramName}`);
      expect(response.json().product.uuid).toBe(ids.wireless?.id);
    });

    it("uses the merchant's explicit region prices, and converts the rest half-even", async () => {
      const { product } = (await get(`/api/product/one/${ids.wireless?.id}?region=MY`)).json();
      expect(product.price).toEqual({ amountMinor: 69900, currency: 'MYR' });
      expect(product.priceCurrency).toBe('MYR');
      expect(product.variantPaths['0'].price).toEqual({ amountMinor: 69900, currency: 'MYR' });
      expect(product.variantPaths['1'].price).toEqual(
        convertMoney({ amountMinor: 20990, currency: 'SGD' }, 'MYR', '3.4875'),
      );
      const japan = (await get(`/api/product/one/${ids.wireless?.id}?region=JP`)).json().product;
      // 199.90 x 112.35 = 22458.765 yen: JPY has no minor digits.
      expect(japan.price).toEqual({ amountMinor: 22459, currency: 'JPY' });
    });

    it('sums variant stock into the product stock', async () => {
      const { product } = (await get(`/api/product/one/${ids.sneakers?.id}`)).json();
      expect(Object.keys(product.variantPaths)).toEqual(['0/0', '0/1', '1/0', '1/1']);
      expect(product.stock).toBe(20);
      expect(product.priceRange).toEqual({
        min: { amountMinor: 8990, currency: 'SGD' },
        max: { amountMinor: 9490, currency: 'SGD' },
      });
    });

    it('answers a disabled product with disabled: true, so its page can explain', async () => {
      const response = await get(`/api/product/one/${ids.discontinued?.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().product).toMatchObject({
        name: 'Classic Headphones Discontinued',
        disabled: true,
      });
    });

    it.each([
      ['an unknown uuid', '6f1c1a52-0000-4000-8000-000000000000'],
      ['an unknown paramName', 'no-such-product'],
      ['an id of neither shape', 'Robert%27);DROP'],
    ])('answers %s with 404 product/not_found', async (_label, id) => {
      const response = await get(`/api/product/one/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('product/not_found');
    });

    it('refuses a region that is not on sale', async () => {
      const response = await get(`/api/product/one/${ids.wireless?.id}?region=GB`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('region/not_enabled');
    });
  });

  describe('GET /product/{id}/flags', () => {
    it('tells a visitor nothing is flagged', async () => {
      const response = await get(`/api/product/${ids.speaker?.id}/flags`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ inWishlist: false, inCart: false });
    });

    it("reflects the signed-in shopper's wishlist and cart", async () => {
      const session = await signInAs(harness.app, await createUser(harness.app));
      expect((await get(`/api/product/${ids.speaker?.id}/flags`, session.cookie)).json()).toEqual({
        inWishlist: false,
        inCart: false,
      });
      const added = await harness.app.inject({
        method: 'POST',
        url: '/api/wishlist',
        headers: { cookie: session.cookie, ...session.header },
        payload: { productId: ids.speaker?.id },
      });
      expect(added.statusCode).toBe(201);
      expect((await get(`/api/product/${ids.speaker?.id}/flags`, session.cookie)).json()).toEqual({
        inWishlist: true,
        inCart: false,
      });
      const carted = await harness.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie: session.cookie, ...session.header },
        payload: { productId: ids.speaker?.id },
      });
      expect(carted.statusCode).toBe(201);
      expect((await get(`/api/product/${ids.speaker?.id}/flags`, session.cookie)).json()).toEqual({
        inWishlist: true,
        inCart: true,
      });
    });

    it('answers an unknown product with 404', async () => {
      for (const id of ['6f1c1a52-0000-4000-8000-000000000000', 'nope']) {
        const response = await get(`/api/product/${id}/flags`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('product/not_found');
      }
    });
  });

  describe('GET /product/categories', () => {
    it('answers the tree, in order, cacheable', async () => {
      const response = await get('/api/product/categories');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const [electronics, fashion] = response.json().categories;
      expect(electronics).toMatchObject({ id: 'electronics', name: 'Electronics' });
      expect(electronics.children.map((child: { id: string }) => child.id)).toEqual([
        'audio',
        'audiobooks',
        'computing',
      ]);
      expect(electronics.children[0].children).toEqual([
        { id: 'headphones', name: 'Headphones', children: [] },
        { id: 'speakers', name: 'Speakers', children: [] },
      ]);
      expect(fashion.children[0].children[0]).toEqual({ id: 'sneakers', name: 'Sneakers', children: [] });
    });
  });

  describe('merchants', () => {
    it('GET /merchant lists merchants by name with their products on sale', async () => {
      const response = await get('/api/merchant');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 2, page: 1, limit: 60 });
      expect(body.merchants.map((merchant: { name: string }) => merchant.name)).toEqual([
        'Brooklyn Basics',
        'Tokyo Audio Works',
      ]);
      expect(body.merchants[0]).toMatchObject({
        id: fixture.merchants.basics.id,
        slug: 'brooklyn-basics',
        sourceMarketPlace: 'Amazon US',
        countryCode: 'US',
        productCount: 4,
        logo: null,
      });
    });

    it('GET /merchant pages, within bounds', async () => {
      const page = (await get('/api/merchant?limit=1&page=2')).json();
      expect(page.merchants.map((merchant: { name: string }) => merchant.name)).toEqual([
        'Tokyo Audio Works',
      ]);
      expect(page.total).toBe(2);
      for (const query of ['limit=0', 'limit=61', 'page=0']) {
        expect((await get(`/api/merchant?${query}`)).statusCode).toBe(400);
      }
    });

    it('GET /merchant/{id} answers one merchant, and 404 for an unknown id', async () => {
      const response = await get(`/api/merchant/${fixture.merchants.audio.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().merchant).toMatchObject({ name: 'Tokyo Audio Works', productCount: 3 });
      for (const id of ['6f1c1a52-0000-4000-8000-000000000000', 'tokyo-audio']) {
        const missing = await get(`/api/merchant/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error.code).toBe('merchant/not_found');
      }
    });
  });

  // Last: it adds products, which would change the counts the tests above expect.
  describe('GET /product/recently_viewed', () => {
    it('needs a signed-in shopper', async () => {
      const response = await get('/api/product/recently_viewed');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/invalid_access_token');
    });

    it('lists what the shopper opened, newest first, once each, without disabled products', async () => {
      const session = await signInAs(harness.app, await createUser(harness.app));
      const other = await signInAs(harness.app, await createUser(harness.app));
      for (const key of ['speaker', 'keyboard', 'speaker', 'discontinued', 'wireless']) {
        expect((await get(`/api/product/one/${ids[key]?.paramName}`, session.cookie)).statusCode).toBe(200);
      }
      const response = await get('/api/product/recently_viewed?region=MY', session.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(names(response.json())).toEqual([
        'Wireless Noise-Cancelling Headphones',
        'Portable Bluetooth Speaker',
        'Mechanical Keyboard',
      ]);
      expect(response.json().products[0].price.currency).toBe('MYR');
      expect((await get('/api/product/recently_viewed', other.cookie)).json().products).toEqual([]);
    });

    it(`keeps only the newest ${RECENTLY_VIEWED_LIMIT}`, async () => {
      const session = await signInAs(harness.app, await createUser(harness.app));
      const many = [];
      for (let index = 0; index < RECENTLY_VIEWED_LIMIT + 2; index += 1) {
        many.push(
          await addProduct(fixture, {
            name: `Viewed Gadget ${index}`,
            categoryId: 'keyboards',
            merchant: fixture.merchants.audio,
            priceMinor: 1000,
            stock: 1,
          }),
        );
      }
      for (const product of many) await get(`/api/product/one/${product.id}`, session.cookie);
      const listed = names((await get('/api/product/recently_viewed', session.cookie)).json());
      expect(listed).toHaveLength(RECENTLY_VIEWED_LIMIT);
      expect(listed[0]).toBe(`Viewed Gadget ${RECENTLY_VIEWED_LIMIT + 1}`);
      expect(listed).not.toContain('Viewed Gadget 0');
      expect(listed).not.toContain('Viewed Gadget 1');
    });
  });

  it('describes every catalogue route in the OpenAPI document', async () => {
    const { paths } = (await get('/api/openapi.json')).json();
    for (const path of [
      '/api/product/search',
      '/api/product/one/{id}',
      '/api/product/{id}/flags',
      '/api/product/categories',
      '/api/product/recently_viewed',
      '/api/merchant',
      '/api/merchant/{id}',
    ]) {
      expect(paths[path]?.get?.summary, path).toBeTruthy();
      expect(paths[path].get.tags.length, path).toBeGreaterThan(0);
    }
    const parameters = paths['/api/product/search'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters).toEqual(
      expect.arrayContaining([
        'q',
        'categoryId',
        'merchantId',
        'minPrice',
        'maxPrice',
        'inStock',
        'sort',
        'page',
        'limit',
        'region',
      ]),
    );
  });
});

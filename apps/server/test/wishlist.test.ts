import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

type Session = { cookie: string; header: Record<string, string> };

describe('wishlist calls', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  const products: Record<string, string> = {};

  const as = (session: Session) => ({
    get: (url: string) => harness.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } }),
    add: (productId: unknown, query = '') =>
      harness.app.inject({
        method: 'POST',
        url: `/api/wishlist${query}`,
        headers: { cookie: session.cookie, ...session.header },
        payload: productId === undefined ? {} : { productId },
      }),
    remove: (id: string) =>
      harness.app.inject({
        method: 'DELETE',
        url: `/api/wishlist/${id}`,
        headers: { cookie: session.cookie, ...session.header },
      }),
  });
  const newShopper = async () => as(await signInAs(harness.app, await createUser(harness.app)));

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const { audio } = fixture.merchants;
    for (const [key, name, disabled] of [
      ['earbuds', 'Budget Earbuds', false],
      ['speaker', 'Portable Speaker', false],
      ['keyboard', 'Mechanical Keyboard', false],
      ['retired', 'Retired Headphones', true],
    ] as const) {
      products[key] = (
        await addProduct(fixture, {
          name,
          categoryId: 'headphones',
          merchant: audio,
          priceMinor: 1990,
          stock: 5,
          disabled,
        })
      ).id;
    }
  });
  afterAll(() => harness.close());

  it('needs a signed-in shopper for every call', async () => {
    const xsrf = await withXsrf(harness.app);
    const visitor = as(xsrf);
    for (const response of [
      await visitor.get('/api/wishlist'),
      await visitor.get('/api/wishlist/6f1c1a52-0000-4000-8000-000000000000'),
      await visitor.add(products.earbuds),
      await visitor.remove('6f1c1a52-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/invalid_access_token');
    }
  });

  it('refuses POST and DELETE without the anti-forgery header', async () => {
    const session = await signInAs(harness.app, await createUser(harness.app));
    const post = await harness.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      headers: { cookie: session.cookie },
      payload: { productId: products.earbuds },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().error.code).toBe('auth/invalid_state');
    const remove = await harness.app.inject({
      method: 'DELETE',
      url: '/api/wishlist/6f1c1a52-0000-4000-8000-000000000000',
      headers: { cookie: session.cookie },
    });
    expect(remove.statusCode).toBe(403);
  });

  it('POST /wishlist adds a product once: 201, then 200 with the same item', async () => {
    const shopper = await newShopper();
    const first = await shopper.add(products.earbuds, '?region=MY');
    expect(first.statusCode).toBe(201);
    const { wishlistItem } = first.json();
    expect(wishlistItem).toMatchObject({
      productId: products.earbuds,
      product: { uuid: products.earbuds, name: 'Budget Earbuds', price: { currency: 'MYR' } },
    });
    expect(wishlistItem.createdAt).toMatch(/Z$/);
    const again = await shopper.add(products.earbuds);
    expect(again.statusCode).toBe(200);
    expect(again.json().wishlistItem.id).toBe(wishlistItem.id);
  });

  it('POST /wishlist refuses an unknown product and a missing productId', async () => {
    const shopper = await newShopper();
    for (const id of ['6f1c1a52-0000-4000-8000-000000000000', 'not-a-product']) {
      const response = await shopper.add(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('product/not_found');
    }
    const missing = await shopper.add(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'general/missing_argument', params: ['productId'] });
  });

  it('GET /wishlist lists newest first, a page at a time, and shows a disabled product as such', async () => {
    const shopper = await newShopper();
    for (const key of ['earbuds', 'speaker', 'retired', 'keyboard'])
      expect((await shopper.add(products[key])).statusCode).toBe(201);
    const all = (await shopper.get('/api/wishlist')).json();
    expect(all).toMatchObject({ total: 4, page: 1, limit: 24 });
    expect(all.wishlistItems.map((item: { product: { name: string } }) => item.product.name)).toEqual([
      'Mechanical Keyboard',
      'Retired Headphones',
      'Portable Speaker',
      'Budget Earbuds',
    ]);
    expect(all.wishlistItems[1].product.disabled).toBe(true);
    const second = (await shopper.get('/api/wishlist?limit=3&page=2')).json();
    expect(second.wishlistItems.map((item: { product: { name: string } }) => item.product.name)).toEqual([
      'Budget Earbuds',
    ]);
    for (const query of ['limit=0', 'limit=61', 'page=0', 'region=GB']) {
      expect((await shopper.get(`/api/wishlist?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("keeps each shopper's wishlist to themselves: another's ids answer 404", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
    const { wishlistItem } = (await owner.add(products.speaker)).json();
    expect((await owner.get(`/api/wishlist/${wishlistItem.id}`)).json().wishlistItem.id).toBe(
      wishlistItem.id,
    );
    expect((await stranger.get('/api/wishlist')).json()).toMatchObject({ wishlistItems: [], total: 0 });
    const peek = await stranger.get(`/api/wishlist/${wishlistItem.id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('wishlist/not_found');
    const steal = await stranger.remove(wishlistItem.id);
    expect(steal.statusCode).toBe(404);
    expect((await owner.get(`/api/wishlist/${wishlistItem.id}`)).statusCode).toBe(200);
  });

  it('GET /wishlist/{id} answers 404 for an unknown or malformed id', async () => {
    const shopper = await newShopper();
    for (const id of ['6f1c1a52-0000-4000-8000-000000000000', 'nope']) {
      const response = await shopper.get(`/api/wishlist/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('wishlist/not_found');
    }
  });

  it('DELETE /wishlist/{id} removes the item: 204, then 404', async () => {
    const shopper = await newShopper();
    const { wishlistItem } = (await shopper.add(products.keyboard)).json();
    const removed = await shopper.remove(wishlistItem.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await shopper.remove(wishlistItem.id)).statusCode).toBe(404);
    expect((await shopper.get('/api/wishlist')).json().total).toBe(0);
  });

  it('describes every wishlist route in the OpenAPI document', async () => {
    const { paths } = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(paths['/api/wishlist'].get.summary).toBeTruthy();
    expect(paths['/api/wishlist'].post.summary).toBeTruthy();
    expect(paths['/api/wishlist/{id}'].get.summary).toBeTruthy();
    expect(paths['/api/wishlist/{id}'].delete.summary).toBeTruthy();
  });
});

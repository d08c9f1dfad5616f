import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { products } from '../src/features/catalogue/catalogue.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, testConfig } from './helpers/test-app.js';

// Two server processes on one database: a change made through one is seen through the other at once,
// not after the ten seconds its caches would otherwise keep the product (docs/decisions/0043). On
// PostgreSQL the second app has a pool and a LISTEN connection of its own; on PGlite both share the
// process's database, as two apps in one process do.
describe('a staff change reaches the caches of every server process', () => {
  let first: TestApp;
  let second: App;
  let closeSecondDatabase: () => Promise<void> = async () => undefined;
  let fixture: CatalogueFixture;
  let desk: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    first = await createTestApp();
    const secondDatabase = first.database.url
      ? await openDatabase({ databaseUrl: first.database.url })
      : undefined;
    if (secondDatabase) closeSecondDatabase = () => secondDatabase.close();
    second = await buildApp({ config: testConfig(), db: secondDatabase?.db ?? first.database.db });
    await second.ready();
    fixture = await seedCatalogue(first.app.db);
    const operator = await createUser(first.app, { role: 'operator' });
    desk = apiAs(first.app, await signInAs(first.app, operator, { tfaPassed: true }));
  });
  afterAll(async () => {
    await second?.close();
    await closeSecondDatabase();
    await first?.close();
  });

  const productThroughSecond = async (id: string) => {
    const answer = await second.inject({ method: 'GET', url: `/api/product/one/${id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().product as { name: string; price: { amountMinor: number }; disabled: boolean };
  };
  const searchThroughSecond = async (q: string) => {
    const answer = await second.inject({ method: 'GET', url: `/api/product/search?q=${q}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { total: number; products: { uuid: string; price: { amountMinor: number } }[] };
  };
  const versionOf = async (id: string) =>
    (await desk.get(`/api/admin/products/${id}`)).json().product.version;
  // Well inside the caches' ten seconds: passing proves the notification, not the expiry.
  const soon = { timeout: 2_000, interval: 20 };

  it('a price edited through one app is the price the other app shows right after', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Harbour Lantern',
      categoryId: 'keyboards',
      merchant: fixture.merchants.basics,
      priceMinor: 4_000,
      stock: 2,
    });
    expect((await productThroughSecond(id)).price.amountMinor).toBe(4_000);
    expect((await searchThroughSecond('lantern')).products[0]?.price.amountMinor).toBe(4_000);

    // A write behind the caches' back is not seen: the second app really answers from its cache.
    await first.app.db.update(products).set({ priceMinor: 4_100 }).where(eq(products.id, id));
    expect((await productThroughSecond(id)).price.amountMinor).toBe(4_000);

    const edit = await desk.send('PATCH', `/api/admin/products/${id}`, {
      version: await versionOf(id),
      priceMinor: 4_500,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await vi.waitFor(
      async () => expect((await productThroughSecond(id)).price.amountMinor).toBe(4_500),
      soon,
    );
    await vi.waitFor(
      async () => expect((await searchThroughSecond('lantern')).products[0]?.price.amountMinor).toBe(4_500),
      soon,
    );
  });

  it('a product disabled through one app leaves the other app’s listings and counts at once', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Tidal Clock',
      categoryId: 'keyboards',
      merchant: fixture.merchants.basics,
      priceMinor: 2_000,
      stock: 1,
    });
    expect((await searchThroughSecond('tidal')).total).toBe(1);
    const edit = await desk.send('PATCH', `/api/admin/products/${id}`, {
      version: await versionOf(id),
      enabled: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await vi.waitFor(async () => expect((await searchThroughSecond('tidal')).total).toBe(0), soon);
    expect((await productThroughSecond(id)).disabled).toBe(true);
  });

  it('a stock set through one app is the stock the other app shows', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Signal Flag',
      categoryId: 'keyboards',
      merchant: fixture.merchants.basics,
      priceMinor: 900,
      stock: 5,
    });
    const stockThroughSecond = async () =>
      (await second.inject({ method: 'GET', url: `/api/product/one/${id}` })).json().product.stock;
    expect(await stockThroughSecond()).toBe(5);
    expect((await desk.send('PUT', `/api/admin/products/${id}/stock`, { stock: 0 })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await stockThroughSecond()).toBe(0), soon);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentlyViewed } from '../src/features/catalogue/catalogue.table.js';
import {
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedProducts,
  recordProductViews,
} from '../src/features/catalogue/recently-viewed.service.js';
import type { PricingRegion } from '../src/features/regions/pricing.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

const PRODUCTS = RECENTLY_VIEWED_LIMIT + 10;
const REQUESTS = 600;
const IN_FLIGHT = 16;

describe('recording product views under load', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  const catalogue: { id: string; name: string }[] = [];

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    for (let index = 0; index < PRODUCTS; index += 1) {
      const name = `Burst Gadget ${index}`;
      const { id } = await addProduct(fixture, {
        name,
        categoryId: 'keyboards',
        merchant: fixture.merchants.audio,
        priceMinor: 1000 + index,
        stock: 3,
      });
      catalogue.push({ id, name });
    }
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('answers every product page of a parallel burst by one shopper and keeps the newest views in order', async () => {
    const user = await createUser(harness.app);
    const session = await signInAs(harness.app, user);
    // The shopper cycles through more products than are kept, so once the list is full every view also
    // pushes the oldest one out.
    const order = Array.from({ length: REQUESTS }, (_, position) => catalogue[position % PRODUCTS]);
    const statuses: number[] = new Array(REQUESTS);
    let next = 0;
    const worker = async () => {
      for (let position = next++; position < REQUESTS; position = next++) {
        const response = await harness.app.inject({
          method: 'GET',
          url: `/api/product/one/${order[position]?.id}`,
          headers: { cookie: session.cookie },
        });
        statuses[position] = response.statusCode;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Pages answered in parallel have no order of their own; the views that follow, one at a time, do.
    const tail = [...catalogue].reverse().slice(3, 3 + RECENTLY_VIEWED_LIMIT);
    for (const product of tail) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/product/one/${product.id}`,
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(200);
    }
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/product/recently_viewed',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    const listed = (response.json() as { products: { name: string }[] }).products.map((p) => p.name);
    expect(listed).toEqual(tail.map((product) => product.name).reverse());

    const rows = await harness.app.db
      .select({ productId: recentlyViewed.productId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, user.id));
    expect(rows.length).toBeLessThanOrEqual(RECENTLY_VIEWED_LIMIT);
  });

  it("never deadlocks when one shopper's views are written in parallel, as by several server processes", async () => {
    const user = await createUser(harness.app);
    const region: PricingRegion = { countryCode: 'SG', currency: 'SGD', rate: '1' };
    const failures: unknown[] = [];
    let next = 0;
    const worker = async () => {
      for (let position = next++; position < REQUESTS; position = next++) {
        const product = catalogue[position % PRODUCTS];
        if (!product) throw new Error('no product');
        await recordProductViews(harness.app.db, user.id, [product.id]).catch((error: unknown) => {
          failures.push(error);
        });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(failures).toEqual([]);

    const tail = catalogue.slice(0, 5);
    await recordProductViews(
      harness.app.db,
      user.id,
      tail.map((product) => product.id),
    );
    const rows = await harness.app.db
      .select({ productId: recentlyViewed.productId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, user.id));
    expect(rows).toHaveLength(RECENTLY_VIEWED_LIMIT);
    const listed = await recentlyViewedProducts(harness.app.db, user.id, region);
    expect(listed.slice(0, tail.length).map((product) => product.name)).toEqual(
      tail.map((product) => product.name).reverse(),
    );
  });
});

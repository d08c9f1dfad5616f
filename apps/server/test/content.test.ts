import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banners,
  homeProductGroupItems,
  homeProductGroups,
  imagePages,
  popups,
} from '../src/features/content/content.table.js';
import { shippingLocations } from '../src/features/settings/shipping.table.js';
import { savePicture } from '../src/lib/image-store.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HOUR = 60 * 60 * 1000;

describe('content calls', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let dataDir: string;
  const products: Record<string, string> = {};
  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-content-'));
    harness = await createTestApp({ env: { DATA_DIR: dataDir } });
    fixture = await seedCatalogue(harness.app.db);
    const { db } = harness.app;
    const { audio, basics } = fixture.merchants;
    for (const [key, input] of Object.entries({
      earbuds: {
        name: 'Budget Earbuds',
        categoryId: 'headphones',
        merchant: basics,
        priceMinor: 1990,
        stock: 9,
      },
      soldOut: {
        name: 'Sold Out Headphones',
        categoryId: 'headphones',
        merchant: audio,
        priceMinor: 9990,
        stock: 0,
      },
      speaker: {
        name: 'Portable Speaker',
        categoryId: 'speakers',
        merchant: basics,
        priceMinor: 5990,
        stock: 4,
      },
      keyboard: {
        name: 'Mechanical Keyboard',
        categoryId: 'keyboards',
        merchant: audio,
        priceMinor: 15900,
        stock: 3,
      },
      hidden: {
        name: 'Hidden Headphones',
        categoryId: 'headphones',
        merchant: audio,
        priceMinor: 100,
        stock: 3,
        disabled: true,
      },
    })) {
      products[key] = (await addProduct(fixture, input)).id;
    }

    const now = Date.now();
    await db.insert(banners).values([
      { title: 'Second', image: 'banners/b.svg', position: 2, link: '/b' },
      { title: 'First', subtitle: 'Opening', image: 'banners/a.svg', position: 1 },
      { title: 'Switched off', image: 'banners/c.svg', position: 0, active: false },
      { title: 'Not yet', image: 'banners/d.svg', position: 0, startsAt: new Date(now + HOUR) },
      { title: 'Over', image: 'banners/e.svg', position: 0, endsAt: new Date(now - HOUR) },
    ]);
    await db.insert(imagePages).values([
      { id: 'japan-week', title: 'Japan Week', images: [{ image: 'pages/1.svg', link: '/x', alt: 'One' }] },
      { id: 'old-campaign', title: 'Old', images: [], active: false },
    ]);
    const [newest, tied] = await db
      .insert(homeProductGroups)
      .values([
        { title: 'New arrivals', position: 0 },
        { title: 'Audio picks', categoryId: 'audio', position: 1 },
        { title: 'Retired row', position: 2, active: false },
      ])
      .returning({ id: homeProductGroups.id });
    await db.insert(homeProductGroupItems).values([
      { groupId: newest!.id, productId: products.keyboard!, position: 0 },
      { groupId: newest!.id, productId: products.hidden!, position: 1 },
      { groupId: newest!.id, productId: products.earbuds!, position: 2 },
      { groupId: tied!.id, productId: products.speaker!, position: 0 },
    ]);
    await db.insert(shippingLocations).values([
      { countryCode: 'MY', name: 'Malaysia', position: 1 },
      { countryCode: 'SG', name: 'Singapore', position: 0 },
      { countryCode: 'GB', name: 'United Kingdom', position: 2, enabled: false },
    ]);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /banner lists the live banners in order, with image URLs, cacheable', async () => {
    const response = await get('/api/banner');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json().banners).toEqual([
      {
        id: expect.any(String),
        title: 'First',
        subtitle: 'Opening',
        image: '/images/banners/a.svg',
        link: null,
      },
      { id: expect.any(String), title: 'Second', subtitle: '', image: '/images/banners/b.svg', link: '/b' },
    ]);
  });

  describe('GET /popup', () => {
    it('answers null when no popup is live', async () => {
      expect((await get('/api/popup')).json()).toEqual({ popup: null });
    });

    it('answers the newest live popup', async () => {
      await harness.app.db.insert(popups).values([
        { title: 'Older', createdAt: new Date(Date.now() - HOUR) },
        { title: 'Newest', body: 'Free shipping', image: 'popups/p.svg', link: '/deals' },
        { title: 'Newer but off', active: false, createdAt: new Date(Date.now() + HOUR) },
      ]);
      expect((await get('/api/popup')).json().popup).toEqual({
        id: expect.any(String),
        title: 'Newest',
        body: 'Free shipping',
        image: '/images/popups/p.svg',
        link: '/deals',
      });
    });
  });

  it('GET /image_page/{id} answers the page, and 404 for an unknown or retired page', async () => {
    const response = await get('/api/image_page/japan-week');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      imagePage: {
        id: 'japan-week',
        title: 'Japan Week',
        images: [{ image: '/images/pages/1.svg', link: '/x', alt: 'One' }],
      },
    });
    for (const id of ['old-campaign', 'no-such-page', 'Bad%20Id']) {
      const missing = await get(`/api/image_page/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('image_page/not_found');
    }
  });

  it('GET /home_product_group answers the live rows in order, without disabled products', async () => {
    const response = await get('/api/home_product_group?region=MY');
    expect(response.statusCode).toBe(200);
    const { homeProductGroups: groups } = response.json();
    expect(groups.map((group: { title: string }) => group.title)).toEqual(['New arrivals', 'Audio picks']);
    expect(groups[0].products.map((product: { name: string }) => product.name)).toEqual([
      'Mechanical Keyboard',
      'Budget Earbuds',
    ]);
    expect(groups[0].products[0].price.currency).toBe('MYR');
    expect(groups[1]).toMatchObject({ categoryId: 'audio', products: [{ name: 'Portable Speaker' }] });
  });

  describe('GET /home_product_group/by_category', () => {
    it("answers the category's products and its descendants', in stock first, newest first", async () => {
      const response = await get('/api/home_product_group/by_category?categoryId=audio');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.category).toEqual({ id: 'audio', name: 'Audio' });
      expect(body.products.map((product: { name: string }) => product.name)).toEqual([
        'Portable Speaker',
        'Budget Earbuds',
        'Sold Out Headphones',
      ]);
    });

    it('respects the limit and its bounds', async () => {
      expect(
        (await get('/api/home_product_group/by_category?categoryId=audio&limit=1')).json().products,
      ).toHaveLength(1);
      for (const limit of ['0', '31', 'x']) {
        expect(
          (await get(`/api/home_product_group/by_category?categoryId=audio&limit=${limit}`)).statusCode,
        ).toBe(400);
      }
    });

    it('needs a category, and answers 404 for an unknown one', async () => {
      const missing = await get('/api/home_product_group/by_category');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({
        code: 'general/missing_argument',
        params: ['categoryId'],
      });
      const unknown = await get('/api/home_product_group/by_category?categoryId=no-such');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('category/not_found');
    });
  });

  it('GET /shipping_location/enabled lists the enabled locations in order', async () => {
    const response = await get('/api/shipping_location/enabled');
    expect(response.statusCode).toBe(200);
    expect(response.json().shippingLocations).toEqual([
      { id: expect.any(String), countryCode: 'SG', name: 'Singapore' },
      { id: expect.any(String), countryCode: 'MY', name: 'Malaysia' },
    ]);
  });

  describe('GET /images/*', () => {
    it('serves a stored picture and its thumbnail as SVG, cacheable, sandboxed', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>BE</text></svg>';
      const key = await savePicture(harness.app.pictures, 'products/p1.svg', {
        picture: svg,
        thumbnail: svg,
      });
      for (const url of [`/images/${key}`, '/images/products/p1_thumb.svg']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('image/svg+xml');
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
        expect(response.headers['content-security-policy']).toContain('sandbox');
        expect(response.body).toContain('>BE</text>');
      }
    });

    it('answers a missing picture or a path outside the folder with a JSON 404', async () => {
      for (const url of [
        '/images/products/none.svg',
        '/images/../session-secret',
        '/images/%2e%2e/session-secret',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
      }
    });
  });

  it('describes every content route in the OpenAPI document', async () => {
    const { paths } = (await get('/api/openapi.json')).json();
    for (const route of [
      '/api/banner',
      '/api/popup',
      '/api/image_page/{id}',
      '/api/home_product_group',
      '/api/home_product_group/by_category',
      '/api/shipping_location/enabled',
    ]) {
      expect(paths[route].get.summary, route).toBeTruthy();
    }
  });
});

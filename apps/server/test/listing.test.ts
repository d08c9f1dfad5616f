import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../src/features/catalogue/catalogue.table.js';
import { LISTING_FACETS_TTL_MS } from '../src/features/catalogue/catalogue-caches.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Facet = { id: string; name: string; count: number };
type SearchResult = {
  products: { uuid: string; name: string; price: { amountMinor: number } }[];
  total: number;
  page: number;
  nextCursor: string | null;
  facets: { categories: Facet[]; merchants: Facet[]; stock: { inStock: number; soldOut: number } };
};

// More products than the numbered pages of 12 hold, so the last ones are reached only by cursor.
const KEYBOARDS = 1300;
const SAME_MOMENT = new Date('2025-03-01T08:00:00.123456Z');

describe('product listings: cached facets and paging at any depth', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let keyboardIds: string[];

  const get = (url: string) => harness.app.inject({ method: 'GET', url });
  const search = async (query: string) => {
    const response = await get(`/api/product/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResult;
  };

  /** Every product id of a listing, walking `next` from the first page until there is no next page. */
  async function walk(query: string, next: (page: SearchResult) => string | null) {
    const seen: string[] = [];
    let url: string | null = query;
    while (url !== null) {
      const page = await search(url);
      seen.push(...page.products.map((product) => product.uuid));
      const following = next(page);
      url = following === null ? null : `${query}&${following}`;
    }
    return seen;
  }

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const { audio, basics } = fixture.merchants;
    await addProduct(fixture, {
      name: 'Studio Headphones',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 12900,
      stock: 3,
    });
    await addProduct(fixture, {
      name: 'Closed Headphones',
      categoryId: 'headphones',
      merchant: basics,
      priceMinor: 8900,
    });
    await addProduct(fixture, {
      name: 'Desk Speaker',
      categoryId: 'speakers',
      merchant: basics,
      priceMinor: 5900,
      stock: 1,
    });
    // Many keyboards, a third of them created at one and the same moment, so pages must break ties by id.
    const rows = Array.from({ length: KEYBOARDS }, (_, index) => {
      const id = randomUUID();
      return {
        id,
        paramName: `keyboard-${index}-${id.slice(0, 8)}`,
        name: `Mechanical Keyboard ${index}`,
        priceMinor: 5000 + (index % 97) * 100,
        stock: index % 5,
        sourceMarketPlace: 'Amazon JP',
        merchantId: index % 2 === 0 ? audio.id : basics.id,
        categoryId: 'keyboards',
        keywords: `${index % 2 === 0 ? audio.name : basics.name} Keyboards`,
        createdAt: index % 3 === 0 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() - index * 1000),
      };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await harness.app.db.insert(products).values(rows.slice(start, start + 500));
    }
    keyboardIds = rows.map((row) => row.id);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => harness.close());

  describe('facets and totals', () => {
    it('are the same from the cache as counted fresh, on every page and in every order', async () => {
      const queries = [
        '',
        'categoryId=audio',
        'q=headphones',
        'inStock=true',
        `merchantId=${fixture.merchants.basics.id}`,
      ];
      for (const query of queries) {
        const fresh = await search(`${query}&limit=5`);
        for (const again of [
          `${query}&limit=5`,
          `${query}&limit=5&page=2`,
          `${query}&limit=7&sort=price_desc`,
        ]) {
          const cached = await search(again);
          expect(cached.total, again).toBe(fresh.total);
          expect(cached.facets, again).toEqual(fresh.facets);
        }
      }
    });

    it('count what matches the filters', async () => {
      const keyboards = await search('categoryId=keyboards&limit=1');
      expect(keyboards.total).toBe(KEYBOARDS);
      expect(keyboards.facets.stock).toEqual({
        inStock: KEYBOARDS - Math.ceil(KEYBOARDS / 5),
        soldOut: Math.ceil(KEYBOARDS / 5),
      });
      expect(keyboards.facets.merchants).toEqual(
        expect.arrayContaining([
          { ...fixture.merchants.audio, count: KEYBOARDS / 2 },
          { ...fixture.merchants.basics, count: KEYBOARDS / 2 },
        ]),
      );
      const audio = await search('categoryId=audio');
      expect(audio.total).toBe(3);
      expect(audio.facets.stock).toEqual({ inStock: 2, soldOut: 1 });
    });

    it('catch up with a change once they expire, and not before', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const speaker = await addProduct(fixture, {
        name: 'Shelf Speaker',
        categoryId: 'speakers',
        merchant: fixture.merchants.audio,
        priceMinor: 7900,
        stock: 2,
      });
      const before = await search('categoryId=speakers');
      expect(before.total).toBe(2);
      await harness.app.db.update(products).set({ disabled: true }).where(eq(products.id, speaker.id));
      vi.setSystemTime(Date.now() + LISTING_FACETS_TTL_MS - 1);
      expect((await search('categoryId=speakers&sort=price_asc')).total).toBe(2);
      vi.setSystemTime(Date.now() + 1);
      const after = await search('categoryId=speakers');
      expect(after.total).toBe(1);
      expect(after.facets.categories).toContainEqual({ id: 'speakers', name: 'Speakers', count: 1 });
      expect(after.facets.stock).toEqual({ inStock: 1, soldOut: 0 });
    });
  });

  describe('first pages', () => {
    it('are answered from memory for the facets lifetime, per order and size, and later pages never', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const query = `merchantId=${fixture.merchants.basics.id}&limit=2`;
      const before = await search(query);
      const lamp = await addProduct(fixture, {
        name: 'Reading Lamp',
        categoryId: 'speakers',
        merchant: fixture.merchants.basics,
        priceMinor: 4500,
        stock: 1,
      });

      vi.setSystemTime(Date.now() + LISTING_FACETS_TTL_MS - 1);
      expect(await search(query)).toEqual(before);
      const otherSize = await search(query.replace('limit=2', 'limit=3'));
      expect(otherSize.products.map((product) => product.name)).toContain('Reading Lamp');
      // The second page is counted afresh: the new product, first in the order, pushed one along.
      const secondPage = await search(`${query}&page=2`);
      expect(secondPage.products[0]?.uuid).toBe(before.products[1]?.uuid);

      vi.setSystemTime(Date.now() + 1);
      const after = await search(query);
      expect(after.products.map((product) => product.name)).toContain('Reading Lamp');
      expect(after.products[1]?.uuid).toBe(before.products[0]?.uuid);
      await harness.app.db.update(products).set({ disabled: true }).where(eq(products.id, lamp.id));
    });
  });

  describe('paging', () => {
    it('reaches every product of a large category, by number and then by cursor, in one order', async () => {
      const numbered = await walk('categoryId=keyboards&limit=12', (page) =>
        page.page < 100 && page.products.length === 12 ? `page=${page.page + 1}` : null,
      );
      expect(numbered).toHaveLength(1200);
      const byCursor = await walk('categoryId=keyboards&limit=12', (page) =>
        page.nextCursor === null ? null : `after=${encodeURIComponent(page.nextCursor)}`,
      );
      expect(byCursor).toHaveLength(KEYBOARDS);
      expect(new Set(byCursor)).toEqual(new Set(keyboardIds));
      expect(byCursor.slice(0, 1200)).toEqual(numbered);
    });

    it('numbers the pages opened by cursor and ends with no cursor', async () => {
      let page = await search('categoryId=keyboards&limit=60&page=21');
      expect(page.page).toBe(21);
      const seen = page.products.length;
      expect(page.nextCursor).not.toBeNull();
      page = await search(`categoryId=keyboards&limit=60&after=${encodeURIComponent(page.nextCursor ?? '')}`);
      expect(page.page).toBe(22);
      expect(20 * 60 + seen + page.products.length).toBe(KEYBOARDS);
      expect(page.nextCursor).toBeNull();
    });

    it.each([['price_asc'], ['price_desc']])('walks every product by cursor sorted by %s', async (sort) => {
      const query = `categoryId=keyboards&limit=60&sort=${sort}`;
      const prices: number[] = [];
      const ids: string[] = [];
      let url: string | null = query;
      while (url !== null) {
        const page: SearchResult = await search(url);
        prices.push(...page.products.map((product) => product.price.amountMinor));
        ids.push(...page.products.map((product) => product.uuid));
        url = page.nextCursor === null ? null : `${query}&after=${encodeURIComponent(page.nextCursor)}`;
      }
      expect(new Set(ids)).toEqual(new Set(keyboardIds));
      const ordered = [...prices].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
      expect(prices).toEqual(ordered);
    });

    it('walks a text search by cursor in its relevance order', async () => {
      const query = 'q=keyboard&limit=60';
      const ids = await walk(query, (page) =>
        page.nextCursor === null ? null : `after=${encodeURIComponent(page.nextCursor)}`,
      );
      expect(new Set(ids)).toEqual(new Set(keyboardIds));
      const first = await search(`${query}&page=3`);
      expect(first.products.map((product) => product.uuid)).toEqual(ids.slice(120, 180));
    });
  });

  describe('bad cursors', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it.each([
      ['not base64 JSON', 'definitely-not-a-cursor'],
      ['JSON of another shape', encode({ hello: 'world' })],
      ['a cursor with a bad id', encode({ v: 1, s: 'newest', n: 2, t: '1', i: 'x' })],
      ['a cursor of an unknown version', encode({ v: 9, s: 'newest', n: 2, t: '1', i: randomUUID() })],
    ])('answers %s with 400 product/invalid_cursor', async (_label, cursor) => {
      const response = await get(`/api/product/search?after=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('product/invalid_cursor');
    });

    it('refuses a cursor made for another order', async () => {
      const { nextCursor } = await search('categoryId=keyboards&limit=12&sort=newest');
      const response = await get(
        `/api/product/search?categoryId=keyboards&limit=12&sort=price_asc&after=${encodeURIComponent(nextCursor ?? '')}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('product/invalid_cursor');
    });

    it('refuses a cursor longer than any it makes with 400 general/argument_error', async () => {
      const response = await get(`/api/product/search?after=${'a'.repeat(301)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('general/argument_error');
    });
  });
});

import { SUGGEST_MAX_CATEGORIES, SUGGEST_MAX_LIMIT } from '@crossbuy/core/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../src/features/catalogue/catalogue.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Suggestions = {
  categories: { id: string; name: string; parentName: string | null }[];
  products: { uuid: string; paramName: string; name: string; mainImage: string | null }[];
  correctedQuery: string | null;
};

describe('search suggestions and corrected queries', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;

  const get = (url: string) => harness.app.inject({ method: 'GET', url });
  const suggest = async (query: string) => {
    const response = await get(`/api/product/suggestions?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Suggestions;
  };
  const search = async (query: string) => {
    const response = await get(`/api/product/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { products: { name: string }[]; total: number; correctedQuery: string | null };
  };
  const productNames = (result: { products: { name: string }[] }) => result.products.map((p) => p.name);

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const { audio, basics } = fixture.merchants;
    await addProduct(fixture, {
      name: 'Wireless Noise-Cancelling Headphones',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 19990,
      stock: 3,
    });
    await addProduct(fixture, {
      name: 'Studio Monitor Headphones',
      categoryId: 'headphones',
      merchant: audio,
      priceMinor: 14990,
      stock: 0,
    });
    await addProduct(fixture, {
      name: 'Budget Earbuds',
      categoryId: 'headphones',
      merchant: basics,
      priceMinor: 1990,
      stock: 100,
    });
    await addProduct(fixture, {
      name: 'Discontinued Headphones',
      categoryId: 'headphones',
      merchant: basics,
      priceMinor: 990,
      disabled: true,
    });
    await addProduct(fixture, {
      name: 'Mechanical Keyboard',
      categoryId: 'keyboards',
      merchant: basics,
      priceMinor: 9990,
    });
    for (let index = 0; index < SUGGEST_MAX_LIMIT + 3; index += 1) {
      await addProduct(fixture, {
        name: `Canvas Sneaker ${index}`,
        categoryId: 'sneakers',
        merchant: basics,
        priceMinor: 4990,
      });
    }
  });
  afterAll(() => harness.close());

  describe('GET /product/suggestions', () => {
    it('suggests categories and products for a partial word, names that match first', async () => {
      const result = await suggest('q=headph');
      expect(result.categories).toEqual([{ id: 'headphones', name: 'Headphones', parentName: 'Audio' }]);
      expect(productNames(result)).toEqual(
        expect.arrayContaining(['Wireless Noise-Cancelling Headphones', 'Studio Monitor Headphones']),
      );
      // Budget Earbuds matches through its category's name only, so it comes after the name matches.
      expect(productNames(result).at(-1)).toBe('Budget Earbuds');
      expect(result.correctedQuery).toBeNull();
      // Small answers: what a suggestion shows and links to, no prices or stock.
      expect(Object.keys(result.products[0] ?? {}).sort()).toEqual([
        'mainImage',
        'name',
        'paramName',
        'uuid',
      ]);
    });

    it('puts products in stock before sold-out ones among equal matches', async () => {
      const names = productNames(await suggest('q=headphones'));
      expect(names.indexOf('Wireless Noise-Cancelling Headphones')).toBeLessThan(
        names.indexOf('Studio Monitor Headphones'),
      );
    });

    it('tolerates a misspelling and says which query it used', async () => {
      const result = await suggest('q=hedphones');
      expect(result.correctedQuery).toBe('headphones');
      expect(result.categories.map((category) => category.id)).toEqual(['headphones']);
      expect(productNames(result)).toContain('Wireless Noise-Cancelling Headphones');
    });

    it('never suggests a disabled product or a category below a disabled one', async () => {
      expect(productNames(await suggest('q=discontinued'))).toEqual([]);
      await harness.app.db.update(categories).set({ disabled: true }).where(eq(categories.id, 'shoes'));
      try {
        // A query not asked before, so no answer kept from before the write can stand in for it.
        const result = await suggest('q=sneak&limit=1');
        expect(result.categories).toEqual([]);
      } finally {
        await harness.app.db.update(categories).set({ disabled: false }).where(eq(categories.id, 'shoes'));
      }
    });

    it('caps the products at the limit, and the categories at their own maximum', async () => {
      expect((await suggest('q=canvas')).products).toHaveLength(6);
      expect((await suggest(`q=canvas&limit=${SUGGEST_MAX_LIMIT}`)).products).toHaveLength(SUGGEST_MAX_LIMIT);
      expect((await suggest('q=canvas&limit=2')).products).toHaveLength(2);
      expect((await suggest('q=e')).categories.length).toBeLessThanOrEqual(SUGGEST_MAX_CATEGORIES);
      for (const limit of ['0', String(SUGGEST_MAX_LIMIT + 1), '-1', '2.5', 'many']) {
        const response = await get(`/api/product/suggestions?q=canvas&limit=${limit}`);
        expect(response.statusCode, limit).toBe(400);
        expect(response.json().error.code).toBe('general/argument_error');
      }
    });

    it('suggests nothing for a blank query, one letter, or punctuation alone', async () => {
      for (const q of ['', '%20%20', 'h', '%21%3F%2A%27']) {
        expect(await suggest(`q=${q}`), q).toEqual({ categories: [], products: [], correctedQuery: null });
      }
    });

    it('refuses a missing, repeated or overlong query with an argument error', async () => {
      for (const query of ['', 'q=a&q=b', `q=${'a'.repeat(101)}`, 'q[a]=1']) {
        const response = await get(`/api/product/suggestions?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(['general/argument_error', 'general/missing_argument']).toContain(response.json().error.code);
      }
    });

    it('refuses NUL characters, and reads quotes and tsquery operators as word breaks', async () => {
      for (const q of ['head%00ph', 'headph%00']) {
        const response = await get(`/api/product/suggestions?q=${q}`);
        expect(response.statusCode, q).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'general/argument_error', params: ['q'] });
      }
      for (const q of ["headph'&|!:*", 'headph)(', "headph%5C'", 'headph%20%3C-%3E']) {
        expect(productNames(await suggest(`q=${q}`)), q).toContain('Studio Monitor Headphones');
      }
      expect(await suggest('q=null')).toMatchObject({ products: [], categories: [] });
    });

    it('answers with a short public cache lifetime and is in the API description', async () => {
      const response = await get('/api/product/suggestions?q=keyb');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const document = (await get('/api/openapi.json')).json();
      expect(
        document.paths['/api/product/suggestions'].get.parameters.map((p: { name: string }) => p.name),
      ).toEqual(expect.arrayContaining(['q', 'limit']));
    });
  });

  describe('GET /product/search with a misspelling', () => {
    it('names the corrected query when a word matched nothing as typed', async () => {
      const result = await search('q=hedphones');
      expect(result.correctedQuery).toBe('headphones');
      expect(productNames(result)).toContain('Studio Monitor Headphones');
      expect((await search('q=wireless%20hedphones')).correctedQuery).toBe('wireless headphones');
    });

    it('names none when the words matched as typed, partial or whole', async () => {
      for (const q of ['headphones', 'headph', 'keyb', 'Audio']) {
        expect((await search(`q=${q}`)).correctedQuery, q).toBeNull();
      }
      expect((await search('')).correctedQuery).toBeNull();
    });

    it('searches the words as typed when asked, finding nothing for the misspelling', async () => {
      const result = await search('q=hedphones&asTyped=true');
      expect(result.correctedQuery).toBeNull();
      expect(result.total).toBe(0);
      expect((await search('q=headph&asTyped=1')).total).toBeGreaterThan(0);
    });

    it('refuses an asTyped that is not a yes or a no', async () => {
      const response = await get('/api/product/search?q=hedphones&asTyped=maybe');
      expect(response.statusCode).toBe(400);
    });
  });
});

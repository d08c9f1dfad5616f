import { describe, expect, it } from 'vitest';
import {
  createListingFacetsCache,
  createListingFirstPagesCache,
  LISTING_FACETS_MAX_BYTES,
  LISTING_FACETS_MAX_ENTRIES,
  LISTING_FACETS_TTL_MS,
  LISTING_FIRST_PAGES_MAX_BYTES,
  LISTING_FIRST_PAGES_MAX_ENTRIES,
} from '../features/catalogue/catalogue-caches.js';
import { ExpiringCache } from './expiring-cache.js';

function cache(options: { maxEntries?: number; maxBytes?: number } = {}) {
  let time = 0;
  const store = new ExpiringCache<string>({
    ttlMs: 1000,
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 1_000_000,
    sizeOf: (key, value) => key.length + value.length,
    now: () => time,
  });
  return { store, advance: (ms: number) => (time += ms) };
}

describe('ExpiringCache', () => {
  it('forgets an entry once its time is up', () => {
    const { store, advance } = cache();
    store.set('a', 'one');
    advance(999);
    expect(store.get('a')).toBe('one');
    advance(1);
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.heldBytes).toBe(0);
  });

  it('never holds more entries than its bound, dropping the least recently used', () => {
    const { store } = cache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) store.set(key, key);
    store.get('a');
    store.set('d', 'd');
    expect(store.size).toBe(3);
    expect(store.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => store.get(key))).toEqual(['a', 'c', 'd']);
  });

  it('never holds more bytes than its bound, and refuses an entry larger than the bound', () => {
    const { store } = cache({ maxBytes: 100 });
    for (let index = 0; index < 50; index += 1) store.set(`k${index}`, 'x'.repeat(20));
    expect(store.heldBytes).toBeLessThanOrEqual(100);
    expect(store.size).toBe(4);
    store.set('huge', 'x'.repeat(200));
    expect(store.get('huge')).toBeUndefined();
    expect(store.size).toBe(4);
  });

  it('counts a replaced entry once', () => {
    const { store } = cache();
    store.set('a', 'one');
    store.set('a', 'three');
    expect(store.heldBytes).toBe('a'.length + 'three'.length);
  });
});

describe('ExpiringCache.clear', () => {
  it('forgets every entry and the bytes they held', () => {
    const { store } = cache({ maxBytes: 10 });
    store.set('a', 'one');
    store.set('b', 'two');
    store.clear();
    expect([store.size, store.heldBytes, store.get('a')]).toEqual([0, 0, undefined]);
    store.set('c', 'nine char');
    expect(store.get('c')).toBe('nine char');
  });
});

describe('the listing facets cache', () => {
  it('keeps its entries as long as a product, and stays within its entry and memory bounds', () => {
    let time = 0;
    const facets = createListingFacetsCache(() => time);
    const many = Array.from({ length: 50 }, (_, index) => ({
      id: `merchant-${index}-${'x'.repeat(30)}`,
      name: `Merchant number ${index}`,
      count: index,
    }));
    for (let index = 0; index < LISTING_FACETS_MAX_ENTRIES * 4; index += 1) {
      facets.set(`["query ${index}"]`, { total: index, inStock: 0, categories: many, merchants: many });
      expect(facets.size).toBeLessThanOrEqual(LISTING_FACETS_MAX_ENTRIES);
      expect(facets.heldBytes).toBeLessThanOrEqual(LISTING_FACETS_MAX_BYTES);
    }
    const newest = `["query ${LISTING_FACETS_MAX_ENTRIES * 4 - 1}"]`;
    expect(facets.get(newest)?.total).toBe(LISTING_FACETS_MAX_ENTRIES * 4 - 1);
    expect(facets.get('["query 0"]')).toBeUndefined();
    time += LISTING_FACETS_TTL_MS;
    expect(facets.get(newest)).toBeUndefined();
  });
});

describe('the listing first pages cache', () => {
  it('stays within its entry and memory bounds', () => {
    let time = 0;
    const pages = createListingFirstPagesCache(() => time);
    const product = {
      uuid: 'p'.repeat(36),
      name: 'A product with a name of ordinary length',
      x: 'y'.repeat(400),
    };
    const result = {
      products: Array.from({ length: 24 }, () => product),
      total: 24,
      page: 1,
      limit: 24,
      nextCursor: null,
      region: 'SG',
      facets: { categories: [], merchants: [], stock: { inStock: 24, soldOut: 0 } },
    } as unknown as Parameters<typeof pages.set>[1];
    for (let index = 0; index < LISTING_FIRST_PAGES_MAX_ENTRIES * 2; index += 1) {
      pages.set(`["query ${index}"]`, result);
      expect(pages.size).toBeLessThanOrEqual(LISTING_FIRST_PAGES_MAX_ENTRIES);
      expect(pages.heldBytes).toBeLessThanOrEqual(LISTING_FIRST_PAGES_MAX_BYTES);
    }
    const newest = `["query ${LISTING_FIRST_PAGES_MAX_ENTRIES * 2 - 1}"]`;
    expect(pages.get(newest)).toBe(result);
    time += LISTING_FACETS_TTL_MS;
    expect(pages.get(newest)).toBeUndefined();
  });
});

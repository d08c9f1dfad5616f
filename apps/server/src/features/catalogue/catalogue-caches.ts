import type { ProductSearchResult, SearchSuggestions } from '@crossbuy/core/catalogue';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/once-per-database.js';
import { ExpiringCache } from '../../lib/expiring-cache.js';
import { publishLive } from '../../plugins/live-bus.js';
import { type LoadedProduct, prepareProductLookups } from './product-rows.js';

// What each server process keeps of the storefront's catalogue reads, and how a staff change makes every
// process forget it (docs/decisions/0009, 0017, 0043 and 0067).

/**
 * Product pages are read far more often than products change, so each server process keeps loaded
 * products for a few seconds: a product page may show stock or a price that is up to
 * PRODUCT_CACHE_TTL_MS old. Anything that commits to a price or stock (cart, checkout) reads the tables.
 */
const PRODUCT_CACHE_TTL_MS = 10_000;
const PRODUCT_CACHE_MAX_KEYS = 10_000;

type CacheEntry = { row: LoadedProduct; expiresAt: number };

class ProductCache {
  private readonly entries = new Map<string, CacheEntry>();

  get(key: string): LoadedProduct | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.row;
    this.entries.delete(key);
    return undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops the product under its id and under the paramName it was cached with. */
  forget(id: string): void {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    if (entry) this.entries.delete(entry.row.paramName);
  }

  /** Kept under both its id and its paramName, the two ways a product page is asked for. */
  remember(row: LoadedProduct): void {
    const entry = { row, expiresAt: Date.now() + PRODUCT_CACHE_TTL_MS };
    for (const key of [row.id, row.paramName]) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    // A Map iterates in insertion order, so the first keys are the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= PRODUCT_CACHE_MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

/** The total and facet counts of a set of filters, whichever page or order is asked for. */
type ListingFacets = {
  total: number;
  inStock: number;
  categories: FacetCount[];
  merchants: FacetCount[];
};

export type FacetCount = { id: string; name: string; count: number };

/**
 * Facets are counted over every matching product, which costs as much as the catalogue is large, while a
 * page costs only its rows. So each process keeps the counts of a set of filters for as long as it keeps
 * a product (docs/decisions/0009 and 0017): the counts a listing shows may be that many seconds old.
 */
export const LISTING_FACETS_TTL_MS = PRODUCT_CACHE_TTL_MS;
export const LISTING_FACETS_MAX_ENTRIES = 500;
export const LISTING_FACETS_MAX_BYTES = 2 * 1024 * 1024;

/** A generous estimate of an entry's heap: UTF-16 strings plus object and array overheads. */
export function listingFacetsSize(key: string, facets: ListingFacets): number {
  let bytes = 200 + key.length * 2;
  for (const facet of [...facets.categories, ...facets.merchants]) {
    bytes += 80 + (facet.id.length + facet.name.length) * 2;
  }
  return bytes;
}

export function createListingFacetsCache(now?: () => number): ExpiringCache<ListingFacets> {
  return new ExpiringCache<ListingFacets>({
    ttlMs: LISTING_FACETS_TTL_MS,
    maxEntries: LISTING_FACETS_MAX_ENTRIES,
    maxBytes: LISTING_FACETS_MAX_BYTES,
    sizeOf: listingFacetsSize,
    ...(now ? { now } : {}),
  });
}

/**
 * The first page of a listing is what nearly every visit asks for, and answering it still cost a
 * planned statement and the products' summaries. So each process also keeps whole first pages, per
 * filter set, region, order and size, for the facets' lifetime (decision 0017): a product added,
 * changed or sold out shows on a first page within that time, as on its own page.
 */
export const LISTING_FIRST_PAGES_MAX_ENTRIES = 500;
export const LISTING_FIRST_PAGES_MAX_BYTES = 6 * 1024 * 1024;

/** Twice the answer's JSON (UTF-16 strings) plus the key: a generous estimate of the entry's heap. */
export function listingFirstPageSize(key: string, result: ProductSearchResult): number {
  return 200 + (key.length + JSON.stringify(result).length) * 2;
}

export function createListingFirstPagesCache(now?: () => number): ExpiringCache<ProductSearchResult> {
  return new ExpiringCache<ProductSearchResult>({
    ttlMs: LISTING_FACETS_TTL_MS,
    maxEntries: LISTING_FIRST_PAGES_MAX_ENTRIES,
    maxBytes: LISTING_FIRST_PAGES_MAX_BYTES,
    sizeOf: listingFirstPageSize,
    ...(now ? { now } : {}),
  });
}

/**
 * A shopper's every pause while typing asks for suggestions, and many shoppers type the same first
 * letters, so each process keeps answers for as long as a listing's first page (decision 0067).
 */
export const SUGGESTIONS_MAX_ENTRIES = 1000;
export const SUGGESTIONS_MAX_BYTES = 2 * 1024 * 1024;

export function createSuggestionsCache(now?: () => number): ExpiringCache<SearchSuggestions> {
  return new ExpiringCache<SearchSuggestions>({
    ttlMs: LISTING_FACETS_TTL_MS,
    maxEntries: SUGGESTIONS_MAX_ENTRIES,
    maxBytes: SUGGESTIONS_MAX_BYTES,
    sizeOf: (key, value) => 200 + (key.length + JSON.stringify(value).length) * 2,
    ...(now ? { now } : {}),
  });
}

type CatalogueReader = {
  lookups: ReturnType<typeof prepareProductLookups>;
  cache: ProductCache;
  facetsCache: ExpiringCache<ListingFacets>;
  firstPagesCache: ExpiringCache<ProductSearchResult>;
  suggestionsCache: ExpiringCache<SearchSuggestions>;
  /**
   * Counts the changes heard so far. A read that began before a change may finish after the change was
   * forgotten; it keeps what it read in a cache only while this is what it was when the read began.
   */
  changesHeard: number;
};

/** Each database's prepared product lookups and caches, which every storefront read of the catalogue shares. */
export const readerFor = oncePerDatabase(
  (db): CatalogueReader => ({
    lookups: prepareProductLookups(db),
    cache: new ProductCache(),
    facetsCache: createListingFacetsCache(),
    firstPagesCache: createListingFirstPagesCache(),
    suggestionsCache: createSuggestionsCache(),
    changesHeard: 0,
  }),
);

/**
 * The live bus topic of staff changes to the catalogue. Its payload names the changed product
 * (`productId`); a change to the catalogue's structure (a category, a merchant) names none, since any
 * product may show it (docs/decisions/0043, docs/features/catalogue-structure.md).
 */
export const CATALOGUE_CHANGES_TOPIC = 'catalogue.changed';

/**
 * Tells every server process that the catalogue changed, through the writing transaction: they hear it
 * when the change commits, and never when it rolls back (decision 34). Without a product, every product
 * is forgotten.
 */
export function announceCatalogueChange(tx: Database, productId?: string): Promise<void> {
  return publishLive(tx, CATALOGUE_CHANGES_TOPIC, productId === undefined ? {} : { productId });
}

/**
 * Forgets what this process keeps of a change: the changed product's page, or every product's when the
 * change names none or changes may have been missed while the bus was away (`null`), and every listing's
 * counts and first page, since any of them may hold it.
 */
export function forgetCatalogueReads(db: Database, productId: string | null): void {
  const reader = readerFor(db);
  reader.changesHeard += 1;
  if (productId === null) reader.cache.clear();
  else reader.cache.forget(productId);
  reader.facetsCache.clear();
  reader.firstPagesCache.clear();
  reader.suggestionsCache.clear();
}

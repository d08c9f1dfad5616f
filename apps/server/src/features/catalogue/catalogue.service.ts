import {
  buildCategoryTree,
  type CategoryNode,
  imageUrl,
  type Merchant,
  type Product,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSort,
  type ProductSummary,
  type ProductVariant,
  type SearchSuggestions,
  type SearchSuggestionsQuery,
  SUGGEST_MAX_CATEGORIES,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { isCurrencyCode, type Money } from '@crossbuy/core/money';
import { and, asc, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/once-per-database.js';
import { queryRows } from '../../db/query-rows.js';
import { ExpiringCache } from '../../lib/expiring-cache.js';
import { isUuid } from '../../lib/ids.js';
import { publishLive } from '../../plugins/live-bus.js';
import { BASE_CURRENCY, conversionFactor, type PricingRegion, priceForRegion } from '../regions/pricing.js';
import { categories, merchants, productRegionPrices, products, recentlyViewed } from './catalogue.table.js';
import {
  cursorFits,
  decodeListingCursor,
  encodeListingCursor,
  type ListingPosition,
} from './listing-cursor.js';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const RECENTLY_VIEWED_LIMIT = 20;

// ---------------------------------------------------------------------------------------------------------
// Loading products with what their prices need: variants and every region's explicit prices, in one query.

type VariantTuple = [path: string, priceMinor: number, stock: number];
type RegionPriceTuple = [countryCode: string, variantPath: string, amountMinor: number, currency: string];

const productFields = {
  id: products.id,
  paramName: products.paramName,
  name: products.name,
  description: products.description,
  mainImage: products.mainImage,
  gallery: products.gallery,
  priceMinor: products.priceMinor,
  variants: products.variants,
  stock: products.stock,
  disabled: products.disabled,
  sourceMarketPlace: products.sourceMarketPlace,
  categoryId: products.categoryId,
  createdAt: products.createdAt,
  merchantId: merchants.id,
  merchantName: merchants.name,
  variantRows: sql<VariantTuple[]>`(
    SELECT coalesce(json_agg(json_build_array(v.path, v.price_minor, v.stock) ORDER BY v.path), '[]')
      FROM product_variants AS v WHERE v.product_id = "products"."id")`,
  regionPrices: sql<RegionPriceTuple[]>`(
    SELECT coalesce(json_agg(json_build_array(rp.country_code, rp.variant_path, rp.amount_minor, rp.currency)), '[]')
      FROM product_region_prices AS rp WHERE rp.product_id = "products"."id")`,
};

function selectProducts(db: Database) {
  return db.select(productFields).from(products).innerJoin(merchants, eq(merchants.id, products.merchantId));
}

type LoadedProduct = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

// Named prepared statements: the product page is the hottest call, and PostgreSQL then plans it once per
// connection instead of on every request.
function prepareProductLookups(db: Database) {
  return {
    byId: selectProducts(db)
      .where(eq(products.id, sql.placeholder('key')))
      .prepare('catalogue_product_by_id'),
    byParamName: selectProducts(db)
      .where(eq(products.paramName, sql.placeholder('key')))
      .prepare('catalogue_product_by_param_name'),
  };
}

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

const readerFor = oncePerDatabase(
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

function baseMoney(amountMinor: number): Money {
  return { amountMinor, currency: BASE_CURRENCY };
}

function byAmount(a: Money, b: Money): number {
  return a.amountMinor - b.amountMinor;
}

function toProduct(row: LoadedProduct, region: PricingRegion): Product {
  const explicit = new Map<string, Money>();
  for (const [countryCode, path, amountMinor, currency] of row.regionPrices) {
    if (countryCode === region.countryCode && isCurrencyCode(currency))
      explicit.set(path, { amountMinor, currency });
  }
  const variantPaths: Product['variantPaths'] = {};
  for (const [path, priceMinor, stock] of row.variantRows) {
    variantPaths[path] = { price: priceForRegion(baseMoney(priceMinor), explicit.get(path), region), stock };
  }
  const price = priceForRegion(baseMoney(row.priceMinor), explicit.get(''), region);
  const prices = Object.values(variantPaths)
    .map((entry) => entry.price)
    .sort(byAmount);
  return {
    uuid: row.id,
    paramName: row.paramName,
    name: row.name,
    description: row.description,
    mainImage: row.mainImage === null ? null : imageUrl(row.mainImage),
    gallery: row.gallery.map(imageUrl),
    price,
    priceCurrency: region.currency,
    priceRange: { min: prices[0] ?? price, max: prices[prices.length - 1] ?? price },
    variants: row.variants as ProductVariant[],
    variantPaths,
    stock: row.stock,
    disabled: row.disabled,
    sourceMarketPlace: row.sourceMarketPlace,
    merchant: { id: row.merchantId, name: row.merchantName },
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSummary(product: Product): ProductSummary {
  const {
    description: _description,
    gallery: _gallery,
    variants: _variants,
    variantPaths: _paths,
    ...summary
  } = product;
  return summary;
}

/**
 * A product by uuid or paramName, disabled or not (its page explains a disabled product is unavailable);
 * product/not_found when there is none.
 */
export async function getProduct(
  db: Database,
  idOrParamName: string,
  region: PricingRegion,
): Promise<Product> {
  const reader = readerFor(db);
  const key = productKey(idOrParamName);
  let row = key === undefined ? undefined : reader.cache.get(key);
  if (!row) {
    const changesHeard = reader.changesHeard;
    row = await loadProductRow(db, idOrParamName);
    if (row && changesHeard === reader.changesHeard) reader.cache.remember(row);
  }
  if (!row) throw new AppError('product/not_found', [idOrParamName]);
  return toProduct(row, region);
}

/** How a product is looked up: a uuid in lower case, a well-formed paramName as it is, else nothing. */
function productKey(idOrParamName: string): string | undefined {
  if (isUuid(idOrParamName)) return idOrParamName.toLowerCase();
  return SLUG.test(idOrParamName) ? idOrParamName : undefined;
}

/** One product's row from the tables, through the prepared statement for its kind of key. */
async function loadProductRow(db: Database, idOrParamName: string): Promise<LoadedProduct | undefined> {
  const key = productKey(idOrParamName);
  if (key === undefined) return undefined;
  const { lookups } = readerFor(db);
  const [row] = await (isUuid(key) ? lookups.byId : lookups.byParamName).execute({ key });
  return row;
}

/** The summaries of the given products that exist, in the order of `ids`. */
export async function productSummaries(
  db: Database,
  ids: readonly string[],
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const reader = readerFor(db);
  const rows = new Map<string, LoadedProduct>();
  const missing: string[] = [];
  for (const id of ids) {
    const row = reader.cache.get(id);
    if (row) rows.set(id, row);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const changesHeard = reader.changesHeard;
    const loaded = await selectProducts(db).where(inArray(products.id, missing));
    const current = changesHeard === reader.changesHeard;
    for (const row of loaded) {
      if (current) reader.cache.remember(row);
      rows.set(row.id, row);
    }
  }
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toSummary(toProduct(row, region))] : [];
  });
}

/**
 * One product as it stands in the tables now, by uuid or paramName, bypassing the page cache: the cart's
 * hot path, through the same prepared statements as the product page. Not for use inside a transaction
 * (the statements belong to the pool); use `productsFromTables` there.
 */
export async function productFromTables(
  db: Database,
  idOrParamName: string,
  region: PricingRegion,
): Promise<Product | undefined> {
  const row = await loadProductRow(db, idOrParamName);
  return row ? toProduct(row, region) : undefined;
}

/**
 * Products as they stand in the tables now, bypassing the page cache: for what commits to a price or to
 * stock (the cart, quotations, checkout). `idsOrParamNames` may mix uuids and paramNames; unknown ones are
 * left out. Runs inside the caller's transaction when given one.
 */
export async function productsFromTables(
  db: Database,
  idsOrParamNames: readonly string[],
  region: PricingRegion,
): Promise<Product[]> {
  const keys = idsOrParamNames.flatMap((idOrParamName) => productKey(idOrParamName) ?? []);
  const ids = keys.filter((key) => isUuid(key));
  const paramNames = keys.filter((key) => !isUuid(key));
  if (ids.length === 0 && paramNames.length === 0) return [];
  const rows = await selectProducts(db).where(
    or(
      ids.length > 0 ? inArray(products.id, ids) : undefined,
      paramNames.length > 0 ? inArray(products.paramName, paramNames) : undefined,
    ),
  );
  return rows.map((row) => toProduct(row, region));
}

/** A product with what prices its delivery: its weight and its merchant's country. */
export type ShippableProduct = { product: Product; weightGrams: number; originCountry: string };

/**
 * The columns a shippable product is read from, for a statement that joins products and their merchants
 * to its own table (a cart's lines): `toShippable` turns such a row into the product.
 */
export const shippableFields = {
  ...productFields,
  weightGrams: products.weightGrams,
  originCountry: merchants.countryCode,
};

export function toShippable(
  { weightGrams, originCountry, ...row }: LoadedProduct & { weightGrams: number; originCountry: string },
  region: PricingRegion,
): ShippableProduct {
  return { product: toProduct(row, region), weightGrams, originCountry };
}

/** The products of these ids as checkout prices them and their delivery, read in one statement. */
export async function shippableProductsFromTables(
  db: Database,
  ids: readonly string[],
  region: PricingRegion,
): Promise<ShippableProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(shippableFields)
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(inArray(products.id, [...ids]));
  return rows.map((row) => toShippable(row, region));
}

/** Whether the id names a product that exists (disabled or not). */
export async function productExists(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Search

const MAX_QUERY_TERMS = 6;
const MAX_TERM_LENGTH = 40;
/** How close a known word must be to a misspelt one (pg_trgm similarity) to be searched in its place. */
const SUGGESTION_SIMILARITY = 0.4;
const SUGGESTIONS_PER_TERM = 3;
const MERCHANT_FACET_LIMIT = 50;

/** The words of a text query, lower-cased, letters and digits only, so each is safe inside a tsquery. */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_QUERY_TERMS)
    .map((term) => term.slice(0, MAX_TERM_LENGTH));
}

/**
 * One query word as a tsquery: the word as a prefix (so 'headph' finds 'headphones'), or, when the word is
 * not one the catalogue knows and `tolerant`, also the nearest known words (so 'hedphones' finds
 * 'headphones'). With `inName`, the same query restricted to the name (weight A), for ranking.
 */
function termQuery(term: string, inName: boolean, tolerant: boolean): SQL {
  const weight = inName ? 'A' : '';
  const typed = sql`to_tsquery('english', ${`${term}:*${weight}`})`;
  if (!tolerant) return typed;
  return sql`(${typed} || coalesce((
    SELECT to_tsquery('english', string_agg(s.word || ${weight ? `:${weight}` : ''}, ' | '))
      FROM (SELECT w.word FROM search_words AS w
             WHERE w.word % ${term} AND similarity(w.word, ${term}) >= ${SUGGESTION_SIMILARITY}
               AND NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = ${term})
             ORDER BY similarity(w.word, ${term}) DESC, w.word
             LIMIT ${SUGGESTIONS_PER_TERM}) AS s), ''::tsquery))`;
}

/** Every word of a query, as termQuery reads each, joined with AND. */
function allTermsQuery(terms: readonly string[], inName: boolean, tolerant: boolean): SQL {
  return sql.join(
    terms.map((term) => termQuery(term, inName, tolerant)),
    sql` && `,
  );
}

/**
 * The words of a query that termQuery finds only through a nearer known word, each with the nearest:
 * a word the catalogue does not know whose prefix matches no product on sale. Those are the words a
 * results page says it corrected; a word that matches as typed is never said to be corrected, even
 * when similar words were searched beside it.
 */
async function spellingCorrections(db: Database, terms: readonly string[]): Promise<Map<string, string>> {
  if (terms.length === 0) return new Map();
  const typed = sql.join(
    [...new Set(terms)].map((term) => sql`(${term}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ term: string; correction: string | null }>(
    db,
    sql`SELECT t.term, (
          SELECT w.word FROM search_words AS w
           WHERE w.word % t.term AND similarity(w.word, t.term) >= ${SUGGESTION_SIMILARITY}
           ORDER BY similarity(w.word, t.term) DESC, w.word LIMIT 1) AS correction
          FROM (VALUES ${typed}) AS t(term)
         WHERE NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = t.term)
           AND NOT EXISTS (SELECT 1 FROM products AS p
                            WHERE NOT p.disabled AND p.search_document @@ to_tsquery('english', t.term || ':*'))`,
  );
  return new Map(rows.flatMap((row) => (row.correction ? [[row.term, row.correction] as const] : [])));
}

/** The query with its corrected words in place, or null when no word was corrected. */
export function correctedQueryOf(
  terms: readonly string[],
  corrections: ReadonlyMap<string, string>,
): string | null {
  if (!terms.some((term) => corrections.has(term))) return null;
  return terms.map((term) => corrections.get(term) ?? term).join(' ');
}

async function regionHasExplicitPrices(db: Database, countryCode: string): Promise<boolean> {
  const [row] = await db
    .select({ countryCode: productRegionPrices.countryCode })
    .from(productRegionPrices)
    .where(eq(productRegionPrices.countryCode, countryCode))
    .limit(1);
  return row !== undefined;
}

async function categoryPathOf(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ path: categories.path }).from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('category/not_found', [id]);
  return row.path;
}

async function assertMerchantExists(db: Database, id: string): Promise<void> {
  const [row] = isUuid(id)
    ? await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id))
    : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
}

/** Products of a category and of every category below it, as a condition on `p`. */
async function withinCategory(db: Database, categoryId: string): Promise<SQL> {
  const path = await categoryPathOf(db, categoryId);
  // Category ids hold only [a-z0-9-], so the path needs no LIKE escaping.
  return sql`p.category_id IN (SELECT c.id FROM categories AS c WHERE c.path = ${path} OR c.path LIKE ${`${path}.%`})`;
}

/** The total and facet counts of a set of filters, whichever page or order is asked for. */
type ListingFacets = {
  total: number;
  inStock: number;
  categories: FacetCount[];
  merchants: FacetCount[];
};

type FacetCount = { id: string; name: string; count: number };

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

type PageRow = [id: string, createdMicros: string, inName: boolean | null, regionPrice: string | null];

type FacetRows = {
  categories: [id: string, name: string, count: number][];
  merchants: [id: string, name: string, count: number][];
  totals: [total: number, inStock: number];
};

const byCountThenName = (a: { count: number; name: string }, b: { count: number; name: string }) =>
  b.count - a.count || a.name.localeCompare(b.name);

/** Products of a category and of every category below it, as a condition on `column`, by the category's id. */
function inCategoryTree(categoryId: string, column = sql`p.category_id`): SQL {
  return sql`${column} IN (
    SELECT c.id FROM categories AS c, (SELECT path FROM categories WHERE id = ${categoryId}) AS root
     WHERE c.path = root.path OR c.path LIKE root.path || '.%')`;
}

/** The rows after a cursor's position, in the listing's order, as a condition on the matches `m`. */
function afterPosition(position: ListingPosition, basePrices: boolean): SQL {
  const id = sql`${position.id}::uuid`;
  if ('price' in position) {
    const price = basePrices ? sql`${position.price}::bigint` : sql`${position.price}::numeric`;
    return position.sort === 'price_asc'
      ? sql`(m.region_price, m.id) > (${price}, ${id})`
      : sql`(m.region_price, m.id) < (${price}, ${id})`;
  }
  // Newest first, then by id: the first condition alone lets an index on created_at start at the cursor.
  const time = sql`(timestamptz 'epoch' + ${position.createdMicros}::bigint * interval '1 microsecond')`;
  const later = sql`m.created_at <= ${time} AND (m.created_at < ${time} OR m.id > ${id})`;
  if (position.sort === 'newest') return later;
  // Relevance: name matches first, each tier newest first.
  return position.inName
    ? sql`(NOT m.in_name OR (m.in_name AND ${later}))`
    : sql`(NOT m.in_name AND ${later})`;
}

function positionOf(row: PageRow, sort: ProductSort, priceKey: string): ListingPosition {
  const [id, createdMicros, inName, regionPrice] = row;
  if (sort === 'newest') return { sort, createdMicros, id };
  if (sort === 'relevance') return { sort, inName: inName === true, createdMicros, id };
  return { sort, priceKey, price: regionPrice ?? '0', id };
}

/** The first `limit` facets, and the chosen one after them when it is not among those. */
function withChosen(facets: FacetCount[], limit: number, chosenId: string | undefined): FacetCount[] {
  const shown = facets.slice(0, limit);
  const chosen = facets.find((facet) => facet.id === chosenId);
  return chosen && !shown.includes(chosen) ? [...shown, chosen] : shown;
}

/**
 * Search and browse: full-text with spelling suggestions, filters, sorting and pages (by number up to
 * SEARCH_MAX_PAGE, by cursor at any depth), with the total and facet counts over everything that
 * matches. Disabled products never appear.
 */
export async function searchProducts(
  db: Database,
  query: ProductSearchQuery,
  region: PricingRegion,
): Promise<ProductSearchResult> {
  const reader = readerFor(db);
  const { facetsCache, firstPagesCache } = reader;
  const changesHeard = reader.changesHeard;
  const terms = searchTerms(query.q);
  const hasText = terms.length > 0;
  const tolerant = query.asTyped !== true;
  const sort: ProductSort =
    query.sort === 'relevance' && !hasText ? 'newest' : (query.sort ?? (hasText ? 'relevance' : 'newest'));
  const firstPage = query.after === undefined && query.page === 1;
  const firstPageKey = JSON.stringify([
    terms.join(' '),
    tolerant,
    query.categoryId ?? null,
    query.merchantId ?? null,
    query.inStock ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    region.countryCode,
    region.currency,
    sort,
    query.limit,
  ]);
  if (firstPage) {
    const cachedPage = firstPagesCache.get(firstPageKey);
    if (cachedPage) return cachedPage;
  }
  const byPrice = sort === 'price_asc' || sort === 'price_desc';
  // Where no merchant set a price for the region, region prices are base prices times one positive rate,
  // so they sort exactly as base prices do, and the sort can walk the price index.
  const byBasePrice = byPrice && !(await regionHasExplicitPrices(db, region.countryCode));
  const priceKey = byBasePrice ? 'base' : `${region.countryCode}:${region.currency}`;
  const cursor = query.after === undefined ? undefined : decodeListingCursor(query.after);
  if (cursor && !cursorFits(cursor, sort, priceKey)) throw new AppError('product/invalid_cursor');
  const filtersPrice = query.minPrice !== undefined || query.maxPrice !== undefined;
  const regionPrice = sql`coalesce(rp.amount_minor, round_half_even(p.price_minor * ${conversionFactor(region)}::numeric))`;

  // Everything that decides which products match, and nothing that decides their order or page.
  const facetsKey = JSON.stringify([
    terms.join(' '),
    tolerant,
    query.categoryId ?? null,
    query.merchantId ?? null,
    query.inStock ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    filtersPrice ? priceKey : null,
  ]);
  const cachedFacets = facetsCache.get(facetsKey);
  // Counted facets prove the category and merchant existed within the cache's lifetime.
  if (!cachedFacets) {
    if (query.categoryId !== undefined) await categoryPathOf(db, query.categoryId);
    if (query.merchantId !== undefined) await assertMerchantExists(db, query.merchantId);
  }

  // The category and merchant filters are left out of their own facet (and each out of the other's
  // only where it is its own), so a shopper who chose one merchant still sees the others to switch to.
  const conditions: SQL[] = [sql`NOT p.disabled`];
  if (hasText) conditions.push(sql`p.search_document @@ tsq.query`);
  if (query.inStock === true) conditions.push(sql`p.in_stock`);
  if (query.inStock === false) conditions.push(sql`NOT p.in_stock`);
  if (query.minPrice !== undefined) conditions.push(sql`${regionPrice} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${regionPrice} <= ${query.maxPrice}`);
  const ofCategory = (column: SQL) =>
    query.categoryId === undefined ? sql`TRUE` : inCategoryTree(query.categoryId, column);
  const ofMerchant = (column: SQL) =>
    query.merchantId === undefined ? sql`TRUE` : sql`${column} = ${query.merchantId}`;
  const scoped = query.categoryId !== undefined || query.merchantId !== undefined;
  const broadConditions = [...conditions];
  if (query.categoryId !== undefined) conditions.push(ofCategory(sql`p.category_id`));
  if (query.merchantId !== undefined) conditions.push(ofMerchant(sql`p.merchant_id`));

  const columns: SQL[] = [
    sql`p.id`,
    sql`p.category_id`,
    sql`p.merchant_id`,
    sql`p.in_stock`,
    sql`p.created_at`,
  ];
  columns.push(hasText ? sql`p.search_document @@ tsq.in_name AS in_name` : sql`NULL::boolean AS in_name`);
  if (byBasePrice) columns.push(sql`p.price_minor AS region_price`);
  else if (byPrice) columns.push(sql`${regionPrice} AS region_price`);
  else columns.push(sql`NULL::numeric AS region_price`);

  const sources: SQL[] = [sql`products AS p`];
  if (hasText) sources.push(sql`CROSS JOIN tsq`);
  if ((byPrice && !byBasePrice) || filtersPrice) {
    sources.push(sql`LEFT JOIN product_region_prices AS rp
      ON rp.product_id = p.id AND rp.country_code = ${region.countryCode}
     AND rp.variant_path = '' AND rp.currency = ${region.currency}`);
  }

  const orderBy = (alias: SQL) =>
    ({
      relevance: sql`${alias}.in_name DESC, ${alias}.created_at DESC, ${alias}.id`,
      newest: sql`${alias}.created_at DESC, ${alias}.id`,
      price_asc: sql`${alias}.region_price ASC, ${alias}.id`,
      price_desc: sql`${alias}.region_price DESC, ${alias}.id DESC`,
    })[sort];

  // Relevance: products whose name has every word come first, then the rest; the newest first in each.
  // (A weighted score such as ts_rank_cd costs a third of the query on large result sets, and shop
  // searches are mostly for names.)
  const withText = hasText
    ? sql`tsq AS (SELECT ${allTermsQuery(terms, false, tolerant)} AS query,
                         ${allTermsQuery(terms, true, tolerant)} AS in_name),`
    : sql``;
  // With a text query the matches are found once, then paged and counted from memory; without one, the page
  // walks an index (from the cursor's position, when there is one) and the counts read the narrow facets
  // index in its own order, each planned on its own.
  const materialised = hasText ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const page = cursor?.page ?? query.page;
  const offset = cursor ? 0 : (page - 1) * query.limit;
  const after = cursor ? sql`WHERE ${afterPosition(cursor, byBasePrice)}` : sql``;
  // One row more than the page shows, to know whether a page follows.
  const pageRows = sql`(SELECT coalesce(json_agg(json_build_array(
        page.id, (extract(epoch FROM page.created_at) * 1000000)::bigint::text, page.in_name,
        page.region_price::bigint::text) ORDER BY ${orderBy(sql`page`)}), '[]') FROM (
      SELECT * FROM matched AS m ${after} ORDER BY ${orderBy(sql`m`)}
       LIMIT ${query.limit + 1} OFFSET ${offset}) AS page) AS rows`;
  const facetParts = sql`,
      (SELECT coalesce(json_agg(json_build_array(c.id, c.name, f.n)), '[]')
         FROM (SELECT category_id, sum(n)::int AS n FROM pairs WHERE ${ofMerchant(sql`merchant_id`)}
                GROUP BY category_id) AS f
         JOIN categories AS c ON c.id = f.category_id) AS categories,
      (SELECT coalesce(json_agg(json_build_array(mer.id, mer.name, f.n)), '[]')
         FROM (SELECT merchant_id, sum(n)::int AS n FROM pairs WHERE ${ofCategory(sql`category_id`)}
                GROUP BY merchant_id) AS f
         JOIN merchants AS mer ON mer.id = f.merchant_id) AS merchants,
      (SELECT json_build_array(coalesce(sum(n), 0)::int, coalesce(sum(in_stock), 0)::int) FROM pairs
        WHERE ${ofCategory(sql`category_id`)} AND ${ofMerchant(sql`merchant_id`)}) AS totals`;
  // Counted over the products that pass every filter but category and merchant, which pairs of the two
  // then pick out; without either filter that is `matched` itself.
  const counted = scoped
    ? sql`(SELECT p.category_id, p.merchant_id, p.in_stock FROM ${sql.join(sources, sql` `)}
            WHERE ${and(...broadConditions)})`
    : sql`matched`;
  const pairs = sql`,
      pairs AS (
        SELECT category_id, merchant_id, count(*)::int AS n, (count(*) FILTER (WHERE in_stock))::int AS in_stock
          FROM ${counted} AS counted GROUP BY category_id, merchant_id
      )`;

  const [[row], corrections] = await Promise.all([
    queryRows<{ rows: PageRow[] } & Partial<FacetRows>>(
      db,
      sql`WITH ${withText}
        matched AS ${materialised} (
          SELECT ${sql.join(columns, sql`, `)} FROM ${sql.join(sources, sql` `)} WHERE ${and(...conditions)}
        )${cachedFacets ? sql`` : pairs}
        SELECT ${pageRows}${cachedFacets ? sql`` : facetParts}`,
      { prepareAs: 'catalogue_search' },
    ),
    hasText && tolerant ? spellingCorrections(db, terms) : new Map<string, string>(),
  ]);
  if (!row) throw new Error('search returned no row');

  let facets = cachedFacets;
  if (!facets) {
    if (!row.totals || !row.categories || !row.merchants) throw new Error('search counted no facets');
    const facet = ([id, name, count]: [string, string, number]) => ({ id, name, count });
    facets = {
      total: row.totals[0],
      inStock: row.totals[1],
      categories: row.categories.map(facet).sort(byCountThenName),
      merchants: withChosen(
        row.merchants.map(facet).sort(byCountThenName),
        MERCHANT_FACET_LIMIT,
        query.merchantId,
      ),
    };
    if (changesHeard === reader.changesHeard) facetsCache.set(facetsKey, facets);
  }

  const shown = row.rows.slice(0, query.limit);
  const last = shown.at(-1);
  const nextCursor =
    row.rows.length > query.limit && last
      ? encodeListingCursor({ ...positionOf(last, sort, priceKey), page: page + 1 })
      : null;
  const result: ProductSearchResult = {
    products: await productSummaries(
      db,
      shown.map(([id]) => id),
      region,
    ),
    total: facets.total,
    page,
    limit: query.limit,
    nextCursor,
    region: region.countryCode,
    facets: {
      categories: facets.categories,
      merchants: facets.merchants,
      stock: { inStock: facets.inStock, soldOut: facets.total - facets.inStock },
    },
    correctedQuery: correctedQueryOf(terms, corrections),
  };
  if (firstPage && changesHeard === reader.changesHeard) firstPagesCache.set(firstPageKey, result);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Suggestions while typing

/** Fewer letters than this match too much of the catalogue to be worth suggesting from. */
export const SUGGEST_MIN_LETTERS = 2;

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

const NO_SUGGESTIONS: SearchSuggestions = { categories: [], products: [], correctedQuery: null };

/**
 * What to suggest for the words typed so far: the categories whose names have every word (corrected
 * where misspelt) at the start of one of theirs, and the products a search for the words would list
 * first, with the same tolerance for misspellings, names that match first. Disabled products and
 * categories (and those below a disabled one) never appear.
 */
export async function searchSuggestions(
  db: Database,
  query: SearchSuggestionsQuery,
): Promise<SearchSuggestions> {
  const terms = searchTerms(query.q);
  if (terms.join('').length < SUGGEST_MIN_LETTERS) return NO_SUGGESTIONS;
  const reader = readerFor(db);
  const changesHeard = reader.changesHeard;
  const key = JSON.stringify([terms.join(' '), query.limit]);
  const cached = reader.suggestionsCache.get(key);
  if (cached) return cached;

  const corrections = await spellingCorrections(db, terms);
  const corrected = terms.map((term) => corrections.get(term) ?? term);
  const namePrefixes = corrected.map((term) => `${term}:*`).join(' & ');
  const [productRows, categoryRows] = await Promise.all([
    queryRows<{ id: string; param_name: string; name: string; main_image: string | null }>(
      db,
      sql`SELECT p.id, p.param_name, p.name, p.main_image
            FROM products AS p,
                 (SELECT ${allTermsQuery(terms, false, true)} AS query,
                         ${allTermsQuery(terms, true, true)} AS in_name) AS tsq
           WHERE NOT p.disabled AND p.search_document @@ tsq.query
           ORDER BY p.search_document @@ tsq.in_name DESC, p.in_stock DESC, p.created_at DESC, p.id
           LIMIT ${query.limit}`,
    ),
    queryRows<{ id: string; name: string; parent_name: string | null }>(
      db,
      sql`SELECT c.id, c.name, parent.name AS parent_name
            FROM categories AS c LEFT JOIN categories AS parent ON parent.id = c.parent_id
           WHERE to_tsvector('simple', c.name) @@ to_tsquery('simple', ${namePrefixes})
             AND NOT EXISTS (SELECT 1 FROM categories AS d WHERE d.disabled
                              AND (c.path = d.path OR c.path LIKE d.path || '.%'))
           ORDER BY lower(c.name) LIKE ${`${corrected[0]}%`} DESC, length(c.name), c.name, c.id
           LIMIT ${SUGGEST_MAX_CATEGORIES}`,
    ),
  ]);
  const suggestions: SearchSuggestions = {
    categories: categoryRows.map((row) => ({ id: row.id, name: row.name, parentName: row.parent_name })),
    products: productRows.map((row) => ({
      uuid: row.id,
      paramName: row.param_name,
      name: row.name,
      mainImage: row.main_image === null ? null : imageUrl(row.main_image),
    })),
    correctedQuery: correctedQueryOf(terms, corrections),
  };
  if (changesHeard === reader.changesHeard) reader.suggestionsCache.set(key, suggestions);
  return suggestions;
}

/**
 * A showcase of a category and everything below it: products on sale, those in stock first, newest first.
 * Walks the newest-products index, so its cost does not grow with the catalogue.
 */
export async function categoryShowcase(
  db: Database,
  categoryId: string,
  limit: number,
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM products AS p
         WHERE NOT p.disabled AND ${await withinCategory(db, categoryId)}
         ORDER BY p.in_stock DESC, p.created_at DESC, p.id LIMIT ${limit}`,
  );
  return productSummaries(
    db,
    rows.map((row) => row.id),
    region,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Categories, merchants, recently viewed

/** The tree the store shows: a disabled category is left out with everything below it. */
export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(
      sql`NOT EXISTS (SELECT 1 FROM categories AS d WHERE d.disabled
                        AND (${categories.path} = d.path OR ${categories.path} LIKE d.path || '.%'))`,
    )
    .orderBy(asc(categories.position), asc(categories.name));
  return buildCategoryTree(rows);
}

export async function categoryName(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('category/not_found', [id]);
  return row.name;
}

const merchantFields = {
  id: merchants.id,
  name: merchants.name,
  slug: merchants.slug,
  sourceMarketPlace: merchants.sourceMarketPlace,
  countryCode: merchants.countryCode,
  description: merchants.description,
  logoImage: merchants.logoImage,
  productCount: sql<number>`(SELECT count(*)::int FROM products AS p WHERE p.merchant_id = "merchants"."id" AND NOT p.disabled)`,
};

function toMerchant({ logoImage, ...row }: { logoImage: string | null } & Omit<Merchant, 'logo'>): Merchant {
  return { ...row, logo: logoImage === null ? null : imageUrl(logoImage) };
}

/** The merchants the store shows: disabled ones are left out. */
export async function listMerchants(
  db: Database,
  page: number,
  limit: number,
): Promise<{ merchants: Merchant[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(merchantFields)
      .from(merchants)
      .where(not(merchants.disabled))
      .orderBy(asc(merchants.name), asc(merchants.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(merchants).where(not(merchants.disabled)),
  ]);
  return { merchants: rows.map(toMerchant), total: counted?.total ?? 0 };
}

export async function getMerchant(db: Database, id: string): Promise<Merchant> {
  const [row] = isUuid(id) ? await db.select(merchantFields).from(merchants).where(eq(merchants.id, id)) : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
  return toMerchant(row);
}

/**
 * Remembers that the shopper opened these products, oldest first, and forgets all but their newest views.
 * Neither statement can be part of a deadlock, however many run at once for one shopper, in however many
 * server processes: an upsert locks a single row, and the trim never waits for a lock (it leaves rows
 * someone else holds to a later trim). A row refreshed after the trim's snapshot is re-read when locked,
 * is no longer older than the cutoff and is kept.
 */
export async function recordProductViews(
  db: Database,
  userId: string,
  productIds: readonly string[],
): Promise<void> {
  // Each view is later than the shopper's newest, even within one tick of a coarse clock (PGlite's
  // counts milliseconds), so the list keeps the order the products were opened in.
  const viewedAt = sql`greatest(clock_timestamp(), (
    SELECT viewed_at + interval '1 microsecond' FROM recently_viewed
     WHERE user_id = ${userId} ORDER BY viewed_at DESC LIMIT 1))`;
  for (const productId of productIds) {
    await db
      .insert(recentlyViewed)
      .values({ userId, productId, viewedAt })
      .onConflictDoUpdate({
        target: [recentlyViewed.userId, recentlyViewed.productId],
        set: { viewedAt: sql`excluded.viewed_at` },
      });
  }
  await db.execute(sql`
    DELETE FROM recently_viewed
     WHERE user_id = ${userId}
       AND product_id IN (
             SELECT product_id FROM recently_viewed
              WHERE user_id = ${userId}
                AND (viewed_at, product_id) < (
                      SELECT viewed_at, product_id FROM recently_viewed WHERE user_id = ${userId}
                       ORDER BY viewed_at DESC, product_id DESC OFFSET ${RECENTLY_VIEWED_LIMIT - 1} LIMIT 1)
                FOR UPDATE SKIP LOCKED)`);
}

/** The shopper's recently viewed products that are still on sale, newest first. */
export async function recentlyViewedProducts(
  db: Database,
  userId: string,
  region: PricingRegion,
): Promise<ProductSummary[]> {
  const rows = await db
    .select({ productId: recentlyViewed.productId })
    .from(recentlyViewed)
    .innerJoin(products, eq(products.id, recentlyViewed.productId))
    .where(and(eq(recentlyViewed.userId, userId), not(products.disabled)))
    .orderBy(sql`${recentlyViewed.viewedAt} DESC`, desc(recentlyViewed.productId))
    .limit(RECENTLY_VIEWED_LIMIT);
  return productSummaries(
    db,
    rows.map((row) => row.productId),
    region,
  );
}

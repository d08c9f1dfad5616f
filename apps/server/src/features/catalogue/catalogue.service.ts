import {
  buildCategoryTree,
  type CategoryNode,
  imageUrl,
  type Merchant,
  type Product,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSummary,
  type ProductVariant,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { isCurrencyCode, type Money } from '@crossbuy/core/money';
import { and, asc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isUuid } from '../../lib/ids.js';
import { BASE_CURRENCY, conversionFactor, type PricingRegion, priceForRegion } from '../regions/pricing.js';
import { categories, merchants, products, recentlyViewed } from './catalogue.table.js';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const RECENTLY_VIEWED_LIMIT = 20;

// ---------------------------------------------------------------------------------------------------------
// Loading products with what their prices need: variants and the region's explicit prices, in one query.

type VariantTuple = [path: string, priceMinor: number, stock: number];
type RegionPriceTuple = [variantPath: string, amountMinor: number, currency: string];

function productFields(countryCode: SQL) {
  return {
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
      SELECT coalesce(json_agg(json_build_array(rp.variant_path, rp.amount_minor, rp.currency)), '[]')
        FROM product_region_prices AS rp WHERE rp.product_id = "products"."id" AND rp.country_code = ${countryCode})`,
  };
}

function selectProducts(db: Database, countryCode: SQL) {
  return db
    .select(productFields(countryCode))
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId));
}

type LoadedProduct = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

// Named prepared statements: the product page is the hottest call, and PostgreSQL then plans it once per
// connection instead of on every request.
const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareProductLookups>>();

function prepareProductLookups(db: Database) {
  const country = sql`${sql.placeholder('country')}`;
  return {
    byId: selectProducts(db, country)
      .where(eq(products.id, sql.placeholder('id')))
      .prepare('catalogue_product_by_id'),
    byParamName: selectProducts(db, country)
      .where(eq(products.paramName, sql.placeholder('id')))
      .prepare('catalogue_product_by_param_name'),
  };
}

function productLookups(db: Database) {
  let lookups = preparedByDatabase.get(db);
  if (!lookups) {
    lookups = prepareProductLookups(db);
    preparedByDatabase.set(db, lookups);
  }
  return lookups;
}

function baseMoney(amountMinor: number): Money {
  return { amountMinor, currency: BASE_CURRENCY };
}

function byAmount(a: Money, b: Money): number {
  return a.amountMinor - b.amountMinor;
}

function toProduct(row: LoadedProduct, region: PricingRegion): Product {
  const explicit = new Map<string, Money>();
  for (const [path, amountMinor, currency] of row.regionPrices) {
    if (isCurrencyCode(currency)) explicit.set(path, { amountMinor, currency });
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

export function toSummary(product: Product): ProductSummary {
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
  const lookups = productLookups(db);
  const lookup = isUuid(idOrParamName) ? lookups.byId : SLUG.test(idOrParamName) ? lookups.byParamName : null;
  const [row] = lookup
    ? await lookup.execute({ id: idOrParamName.toLowerCase(), country: region.countryCode })
    : [];
  if (!row) throw new AppError('product/not_found', [idOrParamName]);
  return toProduct(row, region);
}

/** The summaries of the given products that exist, in the order of `ids`. */
export async function productSummaries(
  db: Database,
  ids: readonly string[],
  region: PricingRegion,
): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, sql`${region.countryCode}`).where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(toProduct(row, region))] : [];
  });
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
 * not one the catalogue knows, also the nearest known words (so 'hedphones' finds 'headphones').
 */
function termQuery(term: string): SQL {
  return sql`(to_tsquery('english', ${`${term}:*`}) || coalesce((
    SELECT to_tsquery('english', string_agg(s.word, ' | '))
      FROM (SELECT w.word FROM search_words AS w
             WHERE w.word % ${term} AND similarity(w.word, ${term}) >= ${SUGGESTION_SIMILARITY}
               AND NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = ${term})
             ORDER BY similarity(w.word, ${term}) DESC, w.word
             LIMIT ${SUGGESTIONS_PER_TERM}) AS s), ''::tsquery))`;
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

type SearchRow = {
  total: number;
  in_stock: number;
  ids: string[];
  category_facets: [string, string, number][];
  merchant_facets: [string, string, number][];
};

/**
 * Search and browse: full-text with spelling suggestions, filters, sorting and bounded pages, with the
 * total and facet counts over everything that matches. Disabled products never appear.
 */
export async function searchProducts(
  db: Database,
  query: ProductSearchQuery,
  region: PricingRegion,
): Promise<ProductSearchResult> {
  const terms = searchTerms(query.q);
  const hasText = terms.length > 0;
  const sort =
    query.sort === 'relevance' && !hasText ? 'newest' : (query.sort ?? (hasText ? 'relevance' : 'newest'));
  const byPrice = sort === 'price_asc' || sort === 'price_desc';
  const filtersPrice = query.minPrice !== undefined || query.maxPrice !== undefined;
  const regionPrice = sql`coalesce(rp.amount_minor, round_half_even(p.price_minor * ${conversionFactor(region)}::numeric))`;

  const conditions: SQL[] = [sql`NOT p.disabled`];
  if (hasText) conditions.push(sql`p.search_document @@ tsq.query`);
  if (query.categoryId !== undefined) conditions.push(await withinCategory(db, query.categoryId));
  if (query.merchantId !== undefined) {
    await assertMerchantExists(db, query.merchantId);
    conditions.push(sql`p.merchant_id = ${query.merchantId}`);
  }
  if (query.inStock === true) conditions.push(sql`p.stock > 0`);
  if (query.inStock === false) conditions.push(sql`p.stock = 0`);
  if (query.minPrice !== undefined) conditions.push(sql`${regionPrice} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${regionPrice} <= ${query.maxPrice}`);

  const columns: SQL[] = [sql`p.id`, sql`p.category_id`, sql`p.merchant_id`, sql`p.stock`, sql`p.created_at`];
  if (hasText) columns.push(sql`ts_rank_cd(p.search_document, tsq.query) AS rank`);
  if (byPrice) columns.push(sql`${regionPrice} AS region_price`);

  const sources: SQL[] = [sql`products AS p`];
  if (hasText) sources.push(sql`CROSS JOIN tsq`);
  if (byPrice || filtersPrice) {
    sources.push(sql`LEFT JOIN product_region_prices AS rp
      ON rp.product_id = p.id AND rp.country_code = ${region.countryCode}
     AND rp.variant_path = '' AND rp.currency = ${region.currency}`);
  }

  const order = {
    relevance: sql`m.rank DESC, m.created_at DESC, m.id`,
    newest: sql`m.created_at DESC, m.id`,
    price_asc: sql`m.region_price ASC, m.id`,
    price_desc: sql`m.region_price DESC, m.id`,
  }[sort];

  const withText = hasText
    ? sql`tsq AS (SELECT ${sql.join(terms.map(termQuery), sql` && `)} AS query),`
    : sql``;
  // With a text query the matches are found once and counted, faceted and paged from memory; without one,
  // each part runs on its own so the page can walk an index instead of sorting every product.
  const materialised = hasText ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const offset = (query.page - 1) * query.limit;

  const [row] = await queryRows<SearchRow>(
    db,
    sql`WITH ${withText}
      matched AS ${materialised} (
        SELECT ${sql.join(columns, sql`, `)} FROM ${sql.join(sources, sql` `)} WHERE ${and(...conditions)}
      )
      SELECT
        (SELECT count(*) FROM matched)::int AS total,
        (SELECT count(*) FROM matched WHERE stock > 0)::int AS in_stock,
        (SELECT coalesce(json_agg(page.id ORDER BY page.position), '[]') FROM (
           SELECT m.id, row_number() OVER (ORDER BY ${order}) AS position
             FROM matched AS m ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}) AS page) AS ids,
        (SELECT coalesce(json_agg(json_build_array(c.id, c.name, f.n) ORDER BY f.n DESC, c.name), '[]')
           FROM (SELECT category_id, count(*)::int AS n FROM matched GROUP BY category_id) AS f
           JOIN categories AS c ON c.id = f.category_id) AS category_facets,
        (SELECT coalesce(json_agg(json_build_array(f.id, f.name, f.n) ORDER BY f.n DESC, f.name), '[]') FROM (
           SELECT mer.id, mer.name, count(*)::int AS n
             FROM matched JOIN merchants AS mer ON mer.id = matched.merchant_id
            GROUP BY mer.id, mer.name ORDER BY n DESC, mer.name LIMIT ${MERCHANT_FACET_LIMIT}) AS f) AS merchant_facets`,
  );
  if (!row) throw new Error('search returned no row');

  return {
    products: await productSummaries(db, row.ids, region),
    total: row.total,
    page: query.page,
    limit: query.limit,
    region: region.countryCode,
    facets: {
      categories: row.category_facets.map(([id, name, count]) => ({ id, name, count })),
      merchants: row.merchant_facets.map(([id, name, count]) => ({ id, name, count })),
      stock: { inStock: row.in_stock, soldOut: row.total - row.in_stock },
    },
  };
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
         ORDER BY (p.stock > 0) DESC, p.created_at DESC, p.id LIMIT ${limit}`,
  );
  return productSummaries(
    db,
    rows.map((row) => row.id),
    region,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Categories, merchants, recently viewed

export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
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

export async function listMerchants(
  db: Database,
  page: number,
  limit: number,
): Promise<{ merchants: Merchant[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(merchantFields)
      .from(merchants)
      .orderBy(asc(merchants.name), asc(merchants.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(merchants),
  ]);
  return { merchants: rows.map(toMerchant), total: counted?.total ?? 0 };
}

export async function getMerchant(db: Database, id: string): Promise<Merchant> {
  const [row] = isUuid(id) ? await db.select(merchantFields).from(merchants).where(eq(merchants.id, id)) : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
  return toMerchant(row);
}

/** Remembers that the shopper opened a product, keeping only their newest views. */
export async function recordProductView(db: Database, userId: string, productId: string): Promise<void> {
  await db
    .insert(recentlyViewed)
    .values({ userId, productId, viewedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [recentlyViewed.userId, recentlyViewed.productId],
      set: { viewedAt: sql`clock_timestamp()` },
    });
  await db.execute(sql`
    DELETE FROM recently_viewed
     WHERE user_id = ${userId}
       AND product_id IN (SELECT product_id FROM recently_viewed WHERE user_id = ${userId}
                           ORDER BY viewed_at DESC OFFSET ${RECENTLY_VIEWED_LIMIT})`);
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
    .orderBy(sql`${recentlyViewed.viewedAt} DESC`)
    .limit(RECENTLY_VIEWED_LIMIT);
  return productSummaries(
    db,
    rows.map((row) => row.productId),
    region,
  );
}

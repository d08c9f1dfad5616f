import type { ProductSearchQuery, ProductSearchResult, ProductSort } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { conversionFactor, type PricingRegion } from '../regions/pricing.js';
import { productRegionPrices } from './catalogue.table.js';
import { type FacetCount, readerFor } from './catalogue-caches.js';
import { assertMerchantExists, categoryPathOf } from './catalogue-structure.service.js';
import {
  cursorFits,
  decodeListingCursor,
  encodeListingCursor,
  type ListingPosition,
} from './listing-cursor.js';
import { productSummaries } from './products.service.js';
import { allTermsQuery, correctedQueryOf, searchTerms, spellingCorrections } from './search-terms.js';

// Search and listings: which products match, in which order and page, with their counts
// (docs/decisions/0007-catalogue-search.md, 0017-listing-facets-cache-and-cursor-paging.md).

const MERCHANT_FACET_LIMIT = 50;

async function regionHasExplicitPrices(db: Database, countryCode: string): Promise<boolean> {
  const [row] = await db
    .select({ countryCode: productRegionPrices.countryCode })
    .from(productRegionPrices)
    .where(eq(productRegionPrices.countryCode, countryCode))
    .limit(1);
  return row !== undefined;
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
  // What the shopper asked for: both caches key on it, each with what else its answer depends on.
  const asked = [
    terms.join(' '),
    tolerant,
    query.categoryId ?? null,
    query.merchantId ?? null,
    query.inStock ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
  ];
  const firstPageKey = JSON.stringify([...asked, region.countryCode, region.currency, sort, query.limit]);
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
  const facetsKey = JSON.stringify([...asked, filtersPrice ? priceKey : null]);
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

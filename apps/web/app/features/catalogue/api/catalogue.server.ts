import {
  type CategoryEntry,
  type CategoryNode,
  flattenCategoryTree,
  type Merchant,
  PRODUCT_SORTS,
  type Product,
  type ProductSearchResult,
  type ProductSort,
  type Region,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_CURSOR_LENGTH,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_QUERY_LENGTH,
} from '@crossbuy/core/catalogue';
import { ApiError } from '@crossbuy/core/errors';
import { type CurrencyCode, parseMajorAmount } from '@crossbuy/core/money';
import { type AppLoadContext, redirect } from 'react-router';
import { type Answer, answerOf } from '../../../lib/contract-client';
import { loaderClient } from '../../../lib/server-api.server';
import { type ListingData, type ListingFilters, NUMBERED_PAGES } from '../listing';

type Caller = { context: AppLoadContext; request: Request };

const clientOf = ({ context, request }: Caller) => loaderClient(context, request);

export async function loadCategoryTree(caller: Caller): Promise<CategoryNode[]> {
  return answerOf(await clientOf(caller).GET('/product/categories')).categories;
}

/** The categories from the root down to `categoryId`, for breadcrumbs; empty when it is not in the tree. */
export function categoryTrail(tree: readonly CategoryNode[], categoryId: string): CategoryEntry[] {
  const entries = flattenCategoryTree(tree);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const target = byId.get(categoryId);
  if (!target) return [];
  return target.path.split('.').flatMap((id) => byId.get(id) ?? []);
}

export async function loadProduct(caller: Caller, id: string, region: string | undefined): Promise<Product> {
  const answer = await clientOf(caller).GET('/product/one/{id}', {
    params: { path: { id }, query: { region } },
  });
  return answerOf(answer).product;
}

export async function loadMerchant(caller: Caller, id: string): Promise<Merchant> {
  return answerOf(await clientOf(caller).GET('/merchant/{id}', { params: { path: { id } } })).merchant;
}

export async function loadMerchants(caller: Caller, page: number): Promise<Answer<'/merchant', 'get'>> {
  return answerOf(await clientOf(caller).GET('/merchant', { params: { query: { page } } }));
}

function pageNumber(text: string | null, max: number): number {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 && page <= max ? page : 1;
}

export function readPage(url: URL, max = SEARCH_MAX_PAGE): number {
  return pageNumber(url.searchParams.get('page'), max);
}

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The price bounds as the listing applies them: a bound that is not a plain amount is dropped, and
 * bounds given the wrong way round are swapped, so the chip, the API's query and the URL agree.
 */
export function orderedPriceBounds(minText: string, maxText: string): [min: string, max: string] {
  const min = PLAIN_DECIMAL.test(minText) ? minText : '';
  const max = PLAIN_DECIMAL.test(maxText) ? maxText : '';
  return min && max && Number(min) > Number(max) ? [max, min] : [min, max];
}

/**
 * The listing filters of a URL; anything malformed is dropped rather than refused. Price bounds that
 * had to be put in order or dropped send the browser to the URL of what is shown.
 */
export function readListingFilters(url: URL): ListingFilters {
  const params = url.searchParams;
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const sort = params.get('sort');
  const after = text('after');
  const [minPrice, maxPrice] = orderedPriceBounds(text('minPrice'), text('maxPrice'));
  if (minPrice !== text('minPrice') || maxPrice !== text('maxPrice')) {
    const normalised = new URLSearchParams(params);
    for (const [name, value] of [
      ['minPrice', minPrice],
      ['maxPrice', maxPrice],
    ] as const) {
      if (value) normalised.set(name, value);
      else normalised.delete(name);
    }
    const search = normalised.toString();
    throw redirect(`${url.pathname}${search ? `?${search}` : ''}`);
  }
  return {
    q: text('q').slice(0, SEARCH_MAX_QUERY_LENGTH),
    asTyped: text('asTyped') === '1',
    category: text('category') || null,
    merchant: text('merchant') || null,
    minPrice,
    maxPrice,
    inStock: ['1', 'true', 'on', 'yes'].includes(text('inStock')),
    sort: isSort(sort) ? sort : null,
    page: readPage(url),
    after: after && after.length <= SEARCH_MAX_CURSOR_LENGTH ? after : null,
  };
}

function minorAmount(text: string, currency: CurrencyCode | null): number | undefined {
  if (!text || !currency) return undefined;
  const amount = parseMajorAmount(text, currency);
  return amount && amount.amountMinor >= 0 ? amount.amountMinor : undefined;
}

/** What a listing page fixes itself: its category or merchant, which its URL does not repeat. */
export type ListingScope = { categoryId?: string; merchantId?: string };

/**
 * Runs a listing: the URL's filters within the page's scope, in the shopper's region. Prices typed in
 * major units (put in order by readListingFilters) become the API's minor units of the region's
 * currency. A cursor the API no longer takes (an old link, a
 * changed sort) shows the first page instead of an error.
 */
export async function loadListing(
  caller: Caller,
  filters: ListingFilters,
  region: Region | null,
  scope: ListingScope = {},
): Promise<ListingData> {
  const currency = region?.currency ?? null;
  const minPrice = minorAmount(filters.minPrice, currency);
  const maxPrice = minorAmount(filters.maxPrice, currency);
  const search = async (page: number, after: string | null) => {
    const answer = await clientOf(caller).GET('/product/search', {
      params: {
        query: {
          // An empty text is no text: the call leaves it out.
          q: filters.q || undefined,
          asTyped: filters.q && filters.asTyped ? 'true' : undefined,
          categoryId: scope.categoryId ?? filters.category ?? undefined,
          merchantId: scope.merchantId ?? filters.merchant ?? undefined,
          minPrice,
          maxPrice,
          inStock: filters.inStock ? 'true' : undefined,
          sort: filters.sort ?? undefined,
          page,
          after: after ?? undefined,
          limit: SEARCH_DEFAULT_LIMIT,
          region: region?.countryCode,
        },
      },
    });
    return answerOf(answer);
  };
  let shown = filters;
  let result: ProductSearchResult;
  try {
    result = await search(filters.page, filters.after);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'product/invalid_cursor')) throw error;
    shown = { ...filters, page: 1, after: null };
    result = await search(1, null);
  }
  const pageCount = Math.min(Math.ceil(result.total / result.limit), NUMBERED_PAGES);
  return { filters: shown, result, pageCount, currency };
}

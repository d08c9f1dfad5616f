import type { ProductSearchResult, ProductSort } from '@crossbuy/core/catalogue';
import type { CurrencyCode } from '@crossbuy/core/money';

/** The filters of a product listing, as its URL carries them and its filter form shows them. */
export type ListingFilters = {
  q: string;
  /** Search for `q` as typed, without correcting misspelt words ("Search instead for ..."). */
  asTyped: boolean;
  category: string | null;
  merchant: string | null;
  /** As typed, in major units of the region's currency ('12.50'); empty when not filtering. */
  minPrice: string;
  maxPrice: string;
  inStock: boolean;
  sort: ProductSort | null;
  page: number;
  /** The API's cursor of the page to show, past the pages reached by number; null otherwise. */
  after: string | null;
};

/** What a listing page's loader hands its component. */
export type ListingData = {
  filters: ListingFilters;
  result: ProductSearchResult;
  /** The last page reached by its number; the pages after it are reached by `nextHref`-style cursors. */
  pageCount: number;
  /** The currency prices and price filters are in; null when the region could not be read. */
  currency: CurrencyCode | null;
};

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/**
 * Pages up to this one are linked by number; the next ones by the API's cursor, one after another. A
 * numbered page costs the database every product before it, a cursor page only its own.
 */
export const NUMBERED_PAGES = 10;

/** The query string of a set of filters; empty and default values are left out so URLs stay short. */
export function listingSearch(filters: Partial<ListingFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.q && filters.asTyped) params.set('asTyped', '1');
  if (filters.category) params.set('category', filters.category);
  if (filters.merchant) params.set('merchant', filters.merchant);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.inStock) params.set('inStock', '1');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.after) params.set('after', filters.after);
  else if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a listing with some filters changed. Any change other than the page starts again at
 * page 1, since the old page number means nothing in a different result set; a page given by number
 * leaves the cursor behind.
 */
export function listingHref(
  pathname: string,
  filters: ListingFilters,
  changes: Partial<ListingFilters>,
): string {
  const page = 'page' in changes ? changes.page : 1;
  const after = changes.after ?? null;
  return `${pathname}${listingSearch({ ...filters, ...changes, page, after })}`;
}

/**
 * The query string a filter form stands for: what a GET form would send, without empty fields, so the
 * URL of a shared or bookmarked listing names only the filters in use.
 */
export function searchFromForm(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

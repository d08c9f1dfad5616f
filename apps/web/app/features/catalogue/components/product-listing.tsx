import { groupDigits } from '@crossbuy/core/money';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { ProductGrid } from '../../../components/product/product-card';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyCard } from '../../../components/ui/page-states';
import { Pagination } from '../../../components/ui/pagination';
import { type ListingData, listingHref } from '../listing';
import {
  ActiveFilters,
  activeFilterCount,
  clearFiltersHref,
  FilterPanel,
  type FixedFilters,
  SortForm,
} from './listing-filters';

type ProductListingProps = {
  /** The listing's own path, which its forms and links lead back to. */
  action: string;
  data: ListingData;
  /** For select_item: which list the products were chosen from. */
  listName: string;
  fixed?: FixedFilters;
  /** What to say when a listing has no products and no filters are in use. */
  emptyText?: string;
  /** Shown above the filters, e.g. a category page's subcategories. */
  aside?: ReactNode;
};

/** A filtered, sorted, paged grid of products with facet counts, all of it carried in the URL. */
export function ProductListing({
  action,
  data,
  listName,
  fixed = {},
  emptyText,
  aside,
}: ProductListingProps) {
  const id = useId();
  const { filters, result, pageCount } = data;
  const location = useLocation();
  const navigation = useNavigation();
  // A new set of filters or a new page of this listing is on its way.
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const filtered = activeFilterCount(filters, fixed) > 0;
  const firstIndex = (result.page - 1) * result.limit;

  return (
    <div className="grid gap-6 md:grid-cols-[15rem_1fr] md:items-start">
      <aside className="flex flex-col gap-6" aria-label="Filters and categories">
        {aside}
        <FilterPanel action={action} data={data} fixed={fixed} />
      </aside>
      <section aria-labelledby={`${id}-count`} aria-busy={loading} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* On a phone the count has a line of its own, so the sort form's line is as tall before and
              after its no-script Sort button goes: the products below do not move as the page hydrates. */}
          <h2 id={`${id}-count`} className="w-full text-lg font-semibold sm:w-auto" aria-live="polite">
            {result.total === 1 ? '1 product' : `${groupDigits(result.total)} products`}
          </h2>
          <SortForm action={action} data={data} />
        </div>
        <ActiveFilters action={action} data={data} fixed={fixed} />
        {loading ? (
          <p role="status" className="text-sm text-muted">
            Updating results…
          </p>
        ) : null}
        <div className={loading ? 'opacity-60 transition-opacity' : undefined}>
          {result.products.length > 0 ? (
            <ProductGrid products={result.products} listName={listName} firstIndex={firstIndex} leadsPage />
          ) : (
            <EmptyCard
              title={
                filters.q
                  ? `No products match “${filters.q}”${filtered ? ' with these filters' : ''}.`
                  : filtered
                    ? 'No products match these filters.'
                    : (emptyText ?? 'There are no products here yet.')
              }
            >
              {filtered ? (
                <Link to={clearFiltersHref(action, filters)} className={buttonClasses('primary')}>
                  Clear all filters
                </Link>
              ) : filters.q ? (
                <p className="text-muted">Check the spelling, or try fewer or more general words.</p>
              ) : null}
            </EmptyCard>
          )}
        </div>
        <Pagination
          page={result.page}
          pageCount={pageCount}
          // A page opened by cursor keeps its cursor in its own link.
          hrefFor={(page) =>
            listingHref(action, filters, { page, after: page === result.page ? filters.after : null })
          }
          // Past the numbered pages, each page leads on through the API's cursor.
          nextHref={
            result.page < pageCount
              ? undefined
              : result.nextCursor
                ? listingHref(action, filters, { page: result.page + 1, after: result.nextCursor })
                : null
          }
        />
      </section>
    </div>
  );
}

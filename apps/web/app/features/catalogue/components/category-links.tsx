import { type CategoryEntry, isWithinCategory } from '@crossbuy/core/catalogue';
import { Link } from 'react-router';
import { childCategories } from '../categories-cache';
import { type ListingFilters, listingHref } from '../listing';

type CategoryLinksProps = {
  categories: readonly CategoryEntry[];
  current: CategoryEntry;
  /** Product counts per (leaf) category under the current filters. */
  facets: readonly { id: string; count: number }[];
  filters: ListingFilters;
};

/**
 * The categories one level down (or, in a category without any, its siblings), each with how many of
 * the listed products it holds. The links keep the filters in use.
 */
export function CategoryLinks({ categories, current, facets, filters }: CategoryLinksProps) {
  const below = childCategories(categories, current.id);
  const shown = below.length > 0 ? below : childCategories(categories, current.parentId);
  if (shown.length === 0) return null;
  const pathOf = new Map(categories.map((category) => [category.id, category.path]));
  const countWithin = (category: CategoryEntry) =>
    facets.reduce((sum, facet) => {
      const path = pathOf.get(facet.id);
      return path && isWithinCategory(path, category.path) ? sum + facet.count : sum;
    }, 0);

  return (
    <nav aria-labelledby="category-links-heading" className="flex flex-col gap-2">
      <h2 id="category-links-heading" className="text-lg font-semibold">
        {below.length > 0 ? `In ${current.name}` : 'Related categories'}
      </h2>
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-0">
        {shown.map((category) => (
          <li key={category.id}>
            <Link
              to={listingHref(`/category/${category.id}`, filters, { page: 1 })}
              aria-current={category.id === current.id ? 'page' : undefined}
              className="flex min-h-9 items-center justify-between gap-3 rounded-lg border border-line bg-white px-3 text-sm hover:border-brand-700 aria-[current=page]:font-semibold md:border-0 md:bg-transparent md:px-0"
            >
              <span>{category.name}</span>
              {below.length > 0 ? (
                <span className="text-xs text-muted">
                  {countWithin(category)}
                  <span className="sr-only"> products</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

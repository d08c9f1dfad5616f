import type { HomeProductGroup } from '@crossbuy/core/catalogue';
import { Link } from 'react-router';
import { ProductGrid } from '../../../components/product/product-card';

// One row on a wide screen, two on a phone; "See all" leads to the rest.
const SHOWN = 4;

/** The home page's rows of products, each with a way to the rest of its category. */
export function HomeProductGroups({ groups }: { groups: readonly HomeProductGroup[] }) {
  return (
    <>
      {groups
        .filter((group) => group.products.length > 0)
        .map((group) => (
          <section
            key={group.id}
            aria-labelledby={`group-${group.id}`}
            className="rendered-near-view mx-auto flex w-full max-w-6xl flex-col gap-4 px-4"
          >
            <div className="flex items-baseline justify-between gap-4">
              <h2 id={`group-${group.id}`} className="text-2xl font-bold tracking-tight">
                {group.title}
              </h2>
              <Link
                to={group.categoryId ? `/category/${group.categoryId}` : '/search'}
                className="shrink-0 text-sm font-semibold text-brand-800 underline"
                aria-label={`See all: ${group.title}`}
              >
                See all
              </Link>
            </div>
            <ProductGrid products={group.products.slice(0, SHOWN)} listName={group.title} />
          </section>
        ))}
    </>
  );
}

import type { CategoryNode } from '@crossbuy/core/catalogue';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useErrorSlot } from '../../../lib/error-slots';
import { childCategories, useCategories } from '../categories-cache';

type CategoryDirectoryProps = { tree: readonly CategoryNode[] | null; error: string | null };

/** The top-level categories with the ones just below them, as links. */
export function CategoryDirectory({ tree, error }: CategoryDirectoryProps) {
  const categories = useCategories(tree, error);
  const failure = useErrorSlot('categories');
  const roots = childCategories(categories, null);

  return (
    <section
      aria-labelledby="categories-heading"
      className="rendered-near-view mx-auto flex w-full max-w-6xl flex-col gap-4 px-4"
    >
      <h2 id="categories-heading" className="text-2xl font-bold tracking-tight">
        Shop by category
      </h2>
      {failure && roots.length === 0 ? (
        <Alert>The categories could not be loaded: {failure.message}</Alert>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {roots.map((root) => (
          <li key={root.id} className="flex flex-col gap-1 rounded-xl border border-line bg-white p-4">
            <Link to={`/category/${root.id}`} className="font-semibold text-brand-900 hover:underline">
              {root.name}
            </Link>
            <ul className="flex flex-col">
              {childCategories(categories, root.id).map((child) => (
                <li key={child.id}>
                  <Link
                    to={`/category/${child.id}`}
                    className="inline-flex min-h-8 items-center text-sm text-muted hover:text-ink hover:underline"
                  >
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';

type Crumb = { id: string; name: string };

/** Home, then each category from the top down, then the current page (not a link). */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="rounded hover:underline">
            Home
          </Link>
        </li>
        {trail.map((category) => (
          <li key={category.id} className="flex items-center gap-1">
            <span aria-hidden="true">/</span>
            <Link to={`/category/${category.id}`} className="rounded hover:underline">
              {category.name}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-1">
          <span aria-hidden="true">/</span>
          <span aria-current="page" className="truncate text-ink">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

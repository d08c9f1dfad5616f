import { Link } from 'react-router';

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page, keeping whatever else the URL says (filters, sort). */
  hrefFor: (page: number) => string;
};

// Pages shown either side of the current one; the first and last are always shown.
const NEIGHBOURS = 2;

function pagesToShow(page: number, pageCount: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let candidate = 1; candidate <= pageCount; candidate += 1) {
    const near = Math.abs(candidate - page) <= NEIGHBOURS;
    if (candidate === 1 || candidate === pageCount || near) pages.push(candidate);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}

const itemStyle =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold';

/** Plain links, so every page of a listing has its own address and works without scripts. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <li>
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${itemStyle} text-brand-800 hover:bg-brand-50`}
            >
              Previous
            </Link>
          </li>
        ) : null}
        {pagesToShow(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? 'page' : undefined}
                className={`${itemStyle} ${
                  entry === page ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
                }`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${itemStyle} text-brand-800 hover:bg-brand-50`}
            >
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';

type PaginationProps = {
  page: number;
  /** The last page linked by its number. */
  pageCount: number;
  /** The address of a page, keeping whatever else the URL says (filters, sort). */
  hrefFor: (page: number) => string;
  /**
   * The page after `page` when it is not reached by number (a listing past its numbered pages), or
   * null when there is none; numbered pages lead on to `page + 1` when left out.
   */
  nextHref?: string | null | undefined;
};

/** The API's deepest numbered page. */
const DEEPEST_PAGE = 10_000;

/** The page a URL's `?page=` names: 1 when it names none, or no page a list can have. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= DEEPEST_PAGE ? page : 1;
}

/** The address of a page of a list: its path, the filters that are set, and the page when past the first. */
export function listPageHref(
  path: string,
  filters: Readonly<Record<string, string | null>>,
  page = 1,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

// Pages shown either side of the current one; the first and last are always shown.
const NEIGHBOURS = 2;

function pagesToShow(page: number, pageCount: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let candidate = 1; candidate <= pageCount; candidate += 1) {
    const near = Math.abs(candidate - page) <= NEIGHBOURS;
    if (candidate === 1 || candidate === pageCount || near) pages.push(candidate);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  // A page past the numbered ones is shown as the current page, after a gap.
  if (page > pageCount) {
    if (page > pageCount + 1) pages.push('gap');
    pages.push(page);
  }
  return pages;
}

const itemStyle =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold';

/** Plain links, so every page of a listing has its own address and works without scripts. */
export function Pagination({ page, pageCount, hrefFor, nextHref }: PaginationProps) {
  const next = nextHref === undefined ? (page < pageCount ? hrefFor(page + 1) : null) : nextHref;
  if (pageCount <= 1 && page <= 1 && !next) return null;
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 && page <= pageCount ? (
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
        {next ? (
          <li>
            <Link to={next} rel="next" className={`${itemStyle} text-brand-800 hover:bg-brand-50`}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';

const LAYOUTS = {
  /** One row that scrolls sideways on a narrow screen, each tab on one line. */
  scroll: { nav: '-mx-4 overflow-x-auto px-4', list: 'flex gap-2', tab: 'whitespace-nowrap ' },
  /** Rows that wrap on a narrow screen. */
  wrap: { nav: undefined, list: 'flex flex-wrap gap-2', tab: '' },
};

/**
 * Links that narrow one list to each of its filter's values (orders by status, quotations by where they
 * stand); the current one is marked.
 */
export function TabLinks<Value>({
  label,
  layout,
  values,
  current,
  labelOf,
  hrefFor,
}: {
  label: string;
  layout: keyof typeof LAYOUTS;
  /** The filter's values, a tab each, in order. */
  values: readonly Value[];
  /** The value the list is narrowed to now. */
  current: Value;
  labelOf: (value: Value) => string;
  hrefFor: (value: Value) => string;
}) {
  const classes = LAYOUTS[layout];
  return (
    <nav aria-label={label} className={classes.nav}>
      <ul className={classes.list}>
        {values.map((value) => {
          const href = hrefFor(value);
          const isCurrent = value === current;
          return (
            <li key={href}>
              <Link
                to={href}
                aria-current={isCurrent ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center ${classes.tab}rounded-lg px-4 text-sm font-semibold ${
                  isCurrent ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
                }`}
              >
                {labelOf(value)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

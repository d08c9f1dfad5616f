import { Link } from 'react-router';

export type TabLink = { label: string; href: string; current: boolean };

const LAYOUTS = {
  /** One row that scrolls sideways on a narrow screen, each tab on one line. */
  scroll: { nav: '-mx-4 overflow-x-auto px-4', list: 'flex gap-2', tab: 'whitespace-nowrap ' },
  /** Rows that wrap on a narrow screen. */
  wrap: { nav: undefined, list: 'flex flex-wrap gap-2', tab: '' },
};

/** Links that narrow one list (orders by status, quotations by where they stand); the current one is marked. */
export function TabLinks({
  label,
  tabs,
  layout,
}: {
  label: string;
  tabs: readonly TabLink[];
  layout: keyof typeof LAYOUTS;
}) {
  const classes = LAYOUTS[layout];
  return (
    <nav aria-label={label} className={classes.nav}>
      <ul className={classes.list}>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center ${classes.tab}rounded-lg px-4 text-sm font-semibold ${
                tab.current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Link, NavLink } from 'react-router';

export const MARKETING_PAGES = [
  {
    to: '/admin/marketing/vouchers',
    label: 'Vouchers',
    about: 'Discount codes: their rules, limits and the orders that used them.',
  },
  {
    to: '/admin/marketing/banners',
    label: 'Banners',
    about: 'The pictures across the top of the home page, in their order and on their schedule.',
  },
  {
    to: '/admin/marketing/popups',
    label: 'Popups',
    about: 'The message that greets visitors of the home page.',
  },
  {
    to: '/admin/marketing/home_groups',
    label: 'Home groups',
    about: 'The rows of hand-picked products on the home page, in their order.',
  },
  {
    to: '/admin/marketing/image_pages',
    label: 'Image pages',
    about: 'Pages of pictures for campaigns and guides, each picture leading where it should.',
  },
] as const;

const linkStyle = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${
    isActive ? 'bg-brand-700 text-white' : 'hover:bg-brand-50'
  }`;

/** The marketing section's own pages. */
export function MarketingNav() {
  return (
    <nav aria-label="Marketing" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1">
        {MARKETING_PAGES.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className={linkStyle}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The section's landing page: what each of its pages is for. */
export function MarketingHome() {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="marketing-heading">
      <h1 id="marketing-heading" className="text-3xl font-bold tracking-tight">
        Marketing
      </h1>
      <ul className="grid gap-3 sm:grid-cols-2">
        {MARKETING_PAGES.map(({ to, label, about }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-1 rounded-2xl border border-line bg-white p-4 hover:bg-brand-50"
            >
              <span className="text-lg font-semibold">{label}</span>
              <span className="text-muted">{about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { NavLink, Outlet } from 'react-router';

const PAGES = [
  { to: '/admin/settings', label: 'General', end: true },
  { to: '/admin/settings/rates', label: 'Exchange rates' },
  { to: '/admin/settings/regions', label: 'Regions' },
  { to: '/admin/settings/shipping', label: 'Shipping and tax' },
  { to: '/admin/settings/carriers', label: 'Carriers' },
] as const;

const pageLinkStyle = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold ${
    isActive ? 'border-brand-700 text-brand-900' : 'border-transparent text-muted hover:text-brand-800'
  }`;

/** The store's set-up: one heading, its pages as tabs, and the page chosen. */
export function SettingsPages() {
  return (
    <section className="flex flex-col gap-6" aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="text-3xl font-bold tracking-tight">
        Store settings
      </h1>
      <nav aria-label="Store settings" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 border-b border-line">
          {PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={'end' in page} className={pageLinkStyle}>
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}

import { Link } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { useShopperRegions } from '../../lib/region-store';

const BROWSE_LINKS = [
  { to: '/search', label: 'All products' },
  { to: '/merchants', label: 'Merchants' },
  { to: '/contact', label: 'Contact us' },
];
const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
];

/** One of the footer's rows of links, named for screen readers' list of landmarks. */
function FooterLinks({ label, links }: { label: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="flex gap-4 whitespace-nowrap">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="underline hover:text-ink">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

export function SiteFooter() {
  const { app_currency } = useAppConfig();
  const region = useShopperRegions().current;
  return (
    <footer className="mt-auto border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between">
        <p>
          <span className="font-semibold text-ink">Crossbuy</span>: our catalogue and quotations for items
          from marketplaces abroad.
        </p>
        <FooterLinks label="Browse" links={BROWSE_LINKS} />
        <FooterLinks label="Legal" links={LEGAL_LINKS} />
        <p>Prices are shown in {region ? `${region.currency} for ${region.name}` : app_currency}.</p>
      </div>
    </footer>
  );
}

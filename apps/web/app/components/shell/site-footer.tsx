import { Link } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { useShopperRegions } from '../../lib/region-store';

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
        <nav aria-label="Browse" className="flex gap-4 whitespace-nowrap">
          <Link to="/search" className="underline hover:text-ink">
            All products
          </Link>
          <Link to="/merchants" className="underline hover:text-ink">
            Merchants
          </Link>
          <Link to="/contact" className="underline hover:text-ink">
            Contact us
          </Link>
        </nav>
        <nav aria-label="Legal" className="flex gap-4 whitespace-nowrap">
          <Link to="/terms" className="underline hover:text-ink">
            Terms
          </Link>
          <Link to="/privacy" className="underline hover:text-ink">
            Privacy
          </Link>
        </nav>
        <p>Prices are shown in {region ? `${region.currency} for ${region.name}` : app_currency}.</p>
      </div>
    </footer>
  );
}

import { useAppConfig } from '../../lib/app-config';

export function SiteFooter() {
  const { app_currency } = useAppConfig();
  return (
    <footer className="mt-auto border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between">
        <p>
          <span className="font-semibold text-ink">Crossbuy</span>: our catalogue and quotations for items
          from marketplaces abroad, delivered to you.
        </p>
        <p>Prices are shown in {app_currency}.</p>
      </div>
    </footer>
  );
}

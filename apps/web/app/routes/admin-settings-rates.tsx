import { ExchangeRateSettings } from '../features/settings/components/exchange-rate-settings';
import type { Route } from './+types/admin-settings-rates';

export const meta: Route.MetaFunction = () => [
  { title: 'Exchange rates · Store settings · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsRatesRoute() {
  return <ExchangeRateSettings />;
}

import { RegionSettings } from '../features/settings/components/region-settings';
import type { Route } from './+types/admin-settings-regions';

export const meta: Route.MetaFunction = () => [
  { title: 'Regions · Store settings · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsRegionsRoute() {
  return <RegionSettings />;
}

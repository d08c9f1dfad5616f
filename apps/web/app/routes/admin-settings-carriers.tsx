import { CarrierSettings } from '../features/settings/components/carrier-settings';
import type { Route } from './+types/admin-settings-carriers';

export const meta: Route.MetaFunction = () => [
  { title: 'Carriers · Store settings · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsCarriersRoute() {
  return <CarrierSettings />;
}

import { ShippingSettings } from '../features/settings/components/shipping-settings';
import type { Route } from './+types/admin-settings-shipping';

export const meta: Route.MetaFunction = () => [
  { title: 'Shipping and tax · Store settings · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsShippingRoute() {
  return <ShippingSettings />;
}

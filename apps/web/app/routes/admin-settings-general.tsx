import { GeneralSettingsForm } from '../features/settings/components/general-settings-form';
import type { Route } from './+types/admin-settings-general';

export const meta: Route.MetaFunction = () => [
  { title: 'General · Store settings · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsGeneralRoute() {
  return <GeneralSettingsForm />;
}

import { SettingsPages } from '../features/settings/components/settings-pages';

export default function AdminSettingsRoute() {
  return <SettingsPages />;
}

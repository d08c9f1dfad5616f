import { StoreDashboard } from '../features/dashboard/components/store-dashboard';
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = () => [
  { title: 'Back office · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminDashboardRoute() {
  return <StoreDashboard />;
}

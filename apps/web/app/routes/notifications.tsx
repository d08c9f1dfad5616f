import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = () => [
  { title: 'Notifications · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function NotificationsRoute() {
  return <RequireSignedIn>{() => <NotificationsPage />}</RequireSignedIn>;
}

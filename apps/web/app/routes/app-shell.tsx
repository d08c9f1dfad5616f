import type { Route } from './+types/app-shell';

// The bare shell a static host can serve for any path before the client router takes over.
export const meta: Route.MetaFunction = () => [{ title: 'Crossbuy' }, { name: 'robots', content: 'noindex' }];

export default function AppShellRoute() {
  return null;
}

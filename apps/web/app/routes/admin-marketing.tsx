import { MarketingHome } from '../features/marketing/components/marketing-nav';
import type { Route } from './+types/admin-marketing';

export const meta: Route.MetaFunction = () => [
  { title: 'Marketing · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingRoute() {
  return <MarketingHome />;
}

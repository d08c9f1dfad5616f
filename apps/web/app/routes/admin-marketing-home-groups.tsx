import { HomeGroupManager } from '../features/marketing/components/home-group-manager';
import { MarketingNav } from '../features/marketing/components/marketing-nav';
import type { Route } from './+types/admin-marketing-home-groups';

export const meta: Route.MetaFunction = () => [
  { title: 'Home product groups · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingHomeGroupsRoute() {
  return (
    <>
      <MarketingNav />
      <HomeGroupManager />
    </>
  );
}

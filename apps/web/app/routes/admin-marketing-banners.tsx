import { BannerManager } from '../features/marketing/components/banner-manager';
import { MarketingNav } from '../features/marketing/components/marketing-nav';
import type { Route } from './+types/admin-marketing-banners';

export const meta: Route.MetaFunction = () => [
  { title: 'Banners · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingBannersRoute() {
  return (
    <>
      <MarketingNav />
      <BannerManager />
    </>
  );
}

import { MarketingNav } from '../features/marketing/components/marketing-nav';
import { NewVoucherPage } from '../features/marketing/components/voucher-page';
import type { Route } from './+types/admin-marketing-voucher-new';

export const meta: Route.MetaFunction = () => [
  { title: 'New voucher · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingVoucherNewRoute() {
  return (
    <>
      <MarketingNav />
      <NewVoucherPage />
    </>
  );
}

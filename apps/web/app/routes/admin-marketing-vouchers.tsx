import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { MarketingNav } from '../features/marketing/components/marketing-nav';
import { VoucherList, voucherFilterFrom } from '../features/marketing/components/voucher-list';
import type { Route } from './+types/admin-marketing-vouchers';

export const meta: Route.MetaFunction = () => [
  { title: 'Vouchers · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingVouchersRoute() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <MarketingNav />
      <VoucherList filter={voucherFilterFrom(searchParams)} page={pageFromSearch(searchParams.get('page'))} />
    </>
  );
}

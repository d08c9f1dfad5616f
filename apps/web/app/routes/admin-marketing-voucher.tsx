import { useSearchParams } from 'react-router';
import { listPageHref, pageFromSearch } from '../components/ui/pagination';
import { MarketingNav } from '../features/marketing/components/marketing-nav';
import { VoucherPage } from '../features/marketing/components/voucher-page';
import type { Route } from './+types/admin-marketing-voucher';

export const meta: Route.MetaFunction = () => [
  { title: 'Voucher · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingVoucherRoute({ params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const path = `/admin/marketing/vouchers/${params.voucherId}`;
  return (
    <>
      <MarketingNav />
      <VoucherPage
        key={params.voucherId}
        voucherId={params.voucherId}
        page={pageFromSearch(searchParams.get('page'))}
        hrefFor={(page) => listPageHref(path, {}, page)}
      />
    </>
  );
}

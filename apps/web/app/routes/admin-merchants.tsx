import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { MerchantAdmin, merchantFilterFrom } from '../features/catalogue/components/merchant-admin';
import type { Route } from './+types/admin-merchants';

export const meta: Route.MetaFunction = () => [
  { title: 'Merchants · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMerchantsRoute() {
  const [searchParams] = useSearchParams();
  return (
    <MerchantAdmin
      filter={merchantFilterFrom(searchParams)}
      page={pageFromSearch(searchParams.get('page'))}
    />
  );
}

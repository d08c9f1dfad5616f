import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { StoreOrderList, storeOrderFilterFrom } from '../features/orders/components/store-order-list';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => [
  { title: 'Order desk · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrdersRoute() {
  const [searchParams] = useSearchParams();
  return (
    <StoreOrderList
      filter={storeOrderFilterFrom(searchParams)}
      page={pageFromSearch(searchParams.get('page'))}
    />
  );
}

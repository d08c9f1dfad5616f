import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { isOrderStatus, OrderList } from '../features/orders/components/order-list';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [
  { title: 'Your orders · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function OrdersRoute() {
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  const page = pageFromSearch(searchParams.get('page'));
  return (
    <RequireSignedIn>
      {() => <OrderList status={isOrderStatus(status) ? status : null} page={page} />}
    </RequireSignedIn>
  );
}

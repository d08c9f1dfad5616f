import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { pageFromSearch } from '../components/ui/pagination';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { StoreOrderList, storeOrderFilterFrom } from '../features/orders/components/store-order-list';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => [
  { title: 'Order desk · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrdersRoute() {
  const [searchParams] = useSearchParams();
  return (
    <RequireSignedIn>
      {(profile) =>
        profile.role === 'shopper' ? (
          <div className="mx-auto max-w-md px-4 py-10">
            <Alert>This page is for the store's operators.</Alert>
          </div>
        ) : (
          <StoreOrderList
            filter={storeOrderFilterFrom(searchParams)}
            page={pageFromSearch(searchParams.get('page'))}
          />
        )
      }
    </RequireSignedIn>
  );
}

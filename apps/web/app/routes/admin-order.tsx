import { Alert } from '../components/ui/alert';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { StoreOrderPage } from '../features/orders/components/store-order-page';
import type { Route } from './+types/admin-order';

export const meta: Route.MetaFunction = () => [
  { title: 'Order · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrderRoute({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      {(profile) =>
        profile.role === 'shopper' ? (
          <div className="mx-auto max-w-md px-4 py-10">
            <Alert>This page is for the store's operators.</Alert>
          </div>
        ) : (
          <StoreOrderPage key={params.orderId} orderId={params.orderId} />
        )
      }
    </RequireSignedIn>
  );
}

import { useSearchParams } from 'react-router';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { OrderDetail } from '../features/orders/components/order-detail';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = () => [
  { title: 'Your order · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function OrderRoute({ params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <RequireSignedIn>
      {() => (
        <OrderDetail key={params.orderId} id={params.orderId} placed={searchParams.get('placed') === '1'} />
      )}
    </RequireSignedIn>
  );
}

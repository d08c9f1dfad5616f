import { StoreOrderPage } from '../features/orders/components/store-order-page';
import type { Route } from './+types/admin-order';

export const meta: Route.MetaFunction = () => [
  { title: 'Order · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrderRoute({ params }: Route.ComponentProps) {
  return <StoreOrderPage key={params.orderId} orderId={params.orderId} />;
}

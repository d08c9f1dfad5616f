import { CustomerPage } from '../features/customers/components/customer-page';
import type { Route } from './+types/admin-customer';

export const meta: Route.MetaFunction = () => [
  { title: 'Customer · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCustomerRoute({ params }: Route.ComponentProps) {
  return <CustomerPage key={params.customerId} customerId={params.customerId} />;
}

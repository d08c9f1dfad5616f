import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { CustomerList, customerFilterFrom } from '../features/customers/components/customer-list';
import type { Route } from './+types/admin-customers';

export const meta: Route.MetaFunction = () => [
  { title: 'Customers · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCustomersRoute() {
  const [searchParams] = useSearchParams();
  return (
    <CustomerList filter={customerFilterFrom(searchParams)} page={pageFromSearch(searchParams.get('page'))} />
  );
}

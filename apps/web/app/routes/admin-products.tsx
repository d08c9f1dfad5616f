import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import {
  adminProductFilterFrom,
  ProductAdminList,
} from '../features/catalogue/components/product-admin-list';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => [
  { title: 'Catalogue · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductsRoute() {
  const [searchParams] = useSearchParams();
  return (
    <ProductAdminList
      filter={adminProductFilterFrom(searchParams)}
      page={pageFromSearch(searchParams.get('page'))}
    />
  );
}

import { ProductAdminCreate } from '../features/catalogue/components/product-admin-form';
import type { Route } from './+types/admin-product-new';

export const meta: Route.MetaFunction = () => [
  { title: 'Add a product · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductNewRoute() {
  return <ProductAdminCreate />;
}

import { ProductAdminPage } from '../features/catalogue/components/product-admin-page';
import type { Route } from './+types/admin-product';

export const meta: Route.MetaFunction = () => [
  { title: 'Product · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductRoute({ params }: Route.ComponentProps) {
  return <ProductAdminPage key={params.productId} productId={params.productId} />;
}

import { ProductImport } from '../features/catalogue/components/product-import';
import type { Route } from './+types/admin-product-import';

export const meta: Route.MetaFunction = () => [
  { title: 'Import products · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductImportRoute() {
  return <ProductImport />;
}

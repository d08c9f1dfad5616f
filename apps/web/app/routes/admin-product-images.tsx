import { ProductImages } from '../features/catalogue/components/product-images';
import type { Route } from './+types/admin-product-images';

export const meta: Route.MetaFunction = () => [
  { title: 'Product pictures · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductImagesRoute({ params }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Product pictures</h1>
      <ProductImages productId={params.productId} />
    </div>
  );
}

import { redirect } from 'react-router';
import type { Route } from './+types/admin-product-images';

/** A product's pictures are edited on its edit page now; old links and bookmarks land there. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/products/${encodeURIComponent(params.productId)}#pictures`, 301);
}

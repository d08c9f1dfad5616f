import type { CategoryNode } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { useEffect } from 'react';
import { CartButtons } from '../features/cart/components/cart-buttons';
import { categoryTrail, loadCategoryTree, loadProduct } from '../features/catalogue/api/catalogue.server';
import { ProductDetail } from '../features/catalogue/components/product-detail';
import { LocalQuotationRequest } from '../features/quotations/components/local-quotation-request';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';
import { track } from '../lib/analytics';
import { pageMeta } from '../lib/page-meta';
import { majorUnits, productItem } from '../lib/product-analytics';
import { publicImageUrl, publicUrl } from '../lib/public-url.server';
import { loadPreferredRegion } from '../lib/regions.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/product';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const caller = { context, request };
  const region = (await loadPreferredRegion(context, request)) ?? undefined;
  const [product, tree] = await Promise.all([
    orPageError(loadProduct(caller, params.productId, region)),
    // Breadcrumbs are a convenience: the page is whole without them.
    loadCategoryTree(caller).catch((error: unknown): CategoryNode[] => {
      console.warn('Loading the categories for breadcrumbs failed', messageForError(error));
      return [];
    }),
  ]);
  return {
    product,
    trail: categoryTrail(tree, product.categoryId).map(({ id, name }) => ({ id, name })),
    url: publicUrl(`/product/${product.paramName}`),
    image: publicImageUrl(product.mainImage),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { product, url, image } = loaderData;
  return pageMeta({
    title: product.name,
    description: product.disabled
      ? `${product.name} is no longer available at Crossbuy.`
      : `${product.description} Sold by ${product.merchant.name}.`,
    image,
    type: 'product',
    url,
    noindex: product.disabled,
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, trail } = loaderData;

  // Once per product shown (and again when the region, so the price, changes).
  useEffect(() => {
    if (product.disabled) return;
    track('view_item', {
      currency: product.priceCurrency,
      value: majorUnits(product.price),
      items: [productItem(product)],
    });
  }, [product]);

  return (
    <ProductDetail
      // A new product starts with a fresh choice, quantity and picture.
      key={product.uuid}
      product={product}
      trail={trail}
      actions={(choice) => (
        <div className="grid gap-2 sm:grid-cols-2">
          <CartButtons product={product} path={choice.path} quantity={choice.quantity} />
          <WishlistButton product={product} price={choice.price} variant={choice.label} />
          <LocalQuotationRequest product={product} path={choice.path} quantity={choice.quantity} />
        </div>
      )}
    />
  );
}

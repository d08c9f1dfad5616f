import type { ProductSummary } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { useEffect, useState } from 'react';
import { ProductGrid } from '../../../components/product/product-card';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';
import { loadRecentlyViewed } from '../api/recently-viewed-api';

const LIST_NAME = 'Recently viewed';
const SHOWN = 4;

/** A signed-in shopper's recently viewed products; nothing for visitors, who have no history kept. */
export function RecentlyViewed() {
  const { signedIn } = useUser();
  const region = useShopperRegions().current?.countryCode;
  const [products, setProducts] = useState<ProductSummary[]>([]);

  useEffect(() => {
    if (!signedIn) {
      setProducts([]);
      return;
    }
    let live = true;
    loadRecentlyViewed(region).then(
      (found) => live && setProducts(found),
      // The row is a convenience; the page is whole without it.
      (error: unknown) => console.warn('Loading recently viewed products failed', messageForError(error)),
    );
    return () => {
      live = false;
    };
  }, [signedIn, region]);

  if (products.length === 0) return null;
  return (
    <section
      aria-labelledby="recently-viewed-heading"
      className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4"
    >
      <h2 id="recently-viewed-heading" className="text-2xl font-bold tracking-tight">
        {LIST_NAME}
      </h2>
      <ProductGrid products={products.slice(0, SHOWN)} listName={LIST_NAME} />
    </section>
  );
}

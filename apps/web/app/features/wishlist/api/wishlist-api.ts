import type { ProductFlags, ProductSummary } from '@crossbuy/core/catalogue';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

/** `wishlistItemSchema` in core: one saved product, priced for the region asked for. */
export type WishlistItem = { id: string; productId: string; createdAt: string; product: ProductSummary };

export type WishlistPage = { wishlistItems: WishlistItem[]; total: number; page: number; limit: number };

const WISHLIST_PAGE_SIZE = 24;

export async function addToWishlist(
  productId: string,
  region: string | undefined,
  client: ApiClient = api,
): Promise<WishlistItem> {
  const { wishlistItem } = await client.post<{ wishlistItem: WishlistItem }>(
    '/wishlist',
    { productId },
    { query: { region } },
  );
  return wishlistItem;
}

export function listWishlist(page: number, region: string | undefined, client: ApiClient = api) {
  return client.get<WishlistPage>('/wishlist', { query: { page, limit: WISHLIST_PAGE_SIZE, region } });
}

export function removeFromWishlist(id: string, client: ApiClient = api): Promise<void> {
  return client.delete(`/wishlist/${encodeURIComponent(id)}`);
}

/** Whether the signed-in shopper has the product in their wishlist. */
export function productFlags(productId: string, client: ApiClient = api): Promise<ProductFlags> {
  return client.get<ProductFlags>(`/product/${encodeURIComponent(productId)}/flags`);
}

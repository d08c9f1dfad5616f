import type { ProductFlags, WishlistItem } from '@crossbuy/core/catalogue';
import { answerOf, storeClient } from '../../../lib/contract-client';

export type { WishlistItem };
export type WishlistPage = { wishlistItems: WishlistItem[]; total: number; page: number; limit: number };

const WISHLIST_PAGE_SIZE = 24;

export async function addToWishlist(productId: string, region: string | undefined): Promise<WishlistItem> {
  const answer = await storeClient.POST('/wishlist', { params: { query: { region } }, body: { productId } });
  return answerOf(answer).wishlistItem;
}

export async function listWishlist(page: number, region: string | undefined): Promise<WishlistPage> {
  const answer = await storeClient.GET('/wishlist', {
    params: { query: { page, limit: WISHLIST_PAGE_SIZE, region } },
  });
  return answerOf(answer);
}

export async function removeFromWishlist(id: string): Promise<void> {
  await storeClient.DELETE('/wishlist/{id}', { params: { path: { id } } });
}

/** Whether the signed-in shopper has the product in their wishlist. */
export async function productFlags(productId: string): Promise<ProductFlags> {
  return answerOf(await storeClient.GET('/product/{id}/flags', { params: { path: { id: productId } } }));
}

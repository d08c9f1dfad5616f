import type { ProductFlags, WishlistItem } from '@crossbuy/core/catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answerOf, storeClient } from '../../../lib/contract-client';
import { WISHLIST_KEY } from '../../../lib/query-keys';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';

export type { WishlistItem };
export type WishlistPage = Answer<'/wishlist', 'get'>;

const WISHLIST_PAGE_SIZE = 24;

/** `POST /wishlist`: the product is saved, and the wishlist's pages are read again when next shown. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  const region = useShopperRegions().current?.countryCode;
  return useMutation({
    mutationFn: async (productId: string): Promise<WishlistItem> =>
      answerOf(await storeClient.POST('/wishlist', { params: { query: { region } }, body: { productId } }))
        .wishlistItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}

/**
 * `GET /wishlist`, one page in the shopper's region; nothing is asked for a visitor. The page on screen stays
 * while the next page or region loads.
 */
export function useWishlistPage(page: number) {
  const { signedIn, profile } = useUser();
  const region = useShopperRegions().current?.countryCode;
  return useQuery({
    queryKey: [...WISHLIST_KEY, profile?.id ?? null, region ?? null, page],
    queryFn: async (): Promise<WishlistPage> =>
      answerOf(
        await storeClient.GET('/wishlist', {
          params: { query: { page, limit: WISHLIST_PAGE_SIZE, region } },
        }),
      ),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

/**
 * `DELETE /wishlist/{id}`: the entry leaves every cached page at once, and the pages are read again, so a later
 * entry moves up into the gap; the removal is finished when they are.
 */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await storeClient.DELETE('/wishlist/{id}', { params: { path: { id } } });
    },
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<WishlistPage>({ queryKey: WISHLIST_KEY }, (shown) =>
        shown?.wishlistItems.some((item) => item.id === id)
          ? {
              ...shown,
              wishlistItems: shown.wishlistItems.filter((item) => item.id !== id),
              total: shown.total - 1,
            }
          : shown,
      );
      return queryClient.invalidateQueries({ queryKey: WISHLIST_KEY });
    },
  });
}

/** Whether the signed-in shopper has the product in their wishlist. */
export async function productFlags(productId: string): Promise<ProductFlags> {
  return answerOf(await storeClient.GET('/product/{id}/flags', { params: { path: { id: productId } } }));
}

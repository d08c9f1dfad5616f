import type {
  AdminProductSort,
  CreateProductInput,
  Merchant,
  SaveVariantInput,
  SaveVariantTableInput,
  SetRegionPricesInput,
  SetStockInput,
  UpdateProductInput,
} from '@crossbuy/core/catalogue';
import { ApiError } from '@crossbuy/core/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** What the product list is narrowed to and how it is sorted; null is "any". */
export type AdminProductFilter = {
  q: string | null;
  categoryId: string | null;
  merchantId: string | null;
  enabled: 'true' | 'false' | null;
  stock: 'in_stock' | 'sold_out' | null;
  sort: AdminProductSort | null;
};

export const ADMIN_PRODUCT_PAGE_SIZE = 20;

/** `GET /admin/products`: every product, enabled or not, a page at a time. */
export function useAdminProductList(filter: AdminProductFilter, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', staffId, filter, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/products', {
          params: {
            query: {
              page,
              limit: ADMIN_PRODUCT_PAGE_SIZE,
              q: filter.q ?? undefined,
              categoryId: filter.categoryId ?? undefined,
              merchantId: filter.merchantId ?? undefined,
              enabled: filter.enabled ?? undefined,
              stock: filter.stock ?? undefined,
              sort: filter.sort ?? undefined,
            },
          },
        }),
      ),
    enabled,
  });
}

export function adminProductKey(productId: string) {
  return [...ADMIN_PRODUCTS_KEY, 'one', productId] as const;
}

/** `GET /admin/products/{id}`: the product as its edit form shows it, with its version. */
export function useAdminProduct(productId: string) {
  const { enabled } = useStaffQueries();
  return useQuery({
    queryKey: adminProductKey(productId),
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/products/{id}', { params: { path: { id: productId } } }))
        .product,
    enabled,
  });
}

/** The storefront's category tree, to choose a category from. */
export function useCategoryChoices() {
  return useQuery({
    queryKey: ['catalogue-choices', 'categories'],
    queryFn: async () => answerOf(await storeClient.GET('/product/categories')).categories,
    staleTime: 60_000,
  });
}

/** The category tree and every merchant, to choose a product's from. */
export function useCatalogueChoices() {
  const categories = useCategoryChoices();
  const merchants = useQuery({
    queryKey: ['catalogue-choices', 'merchants'],
    queryFn: async () => {
      const all: Merchant[] = [];
      for (let page = 1; ; page += 1) {
        const answer = answerOf(
          await storeClient.GET('/merchant', { params: { query: { page, limit: 60 } } }),
        );
        all.push(...answer.merchants);
        if (answer.merchants.length === 0 || all.length >= answer.total) return all;
      }
    },
    staleTime: 60_000,
  });
  const regions = useQuery({
    queryKey: ['catalogue-choices', 'regions'],
    queryFn: async () => answerOf(await storeClient.GET('/region')).regions,
    staleTime: 60_000,
  });
  return { categories, merchants, regions };
}

/** `POST /admin/products`. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateProductInput) =>
      answerOf(await storeClient.POST('/admin/products', { body: input })).product,
    onSuccess: (product) => {
      client.setQueryData(adminProductKey(product.id), product);
      return client.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
    },
  });
}

export type ProductChange =
  | { kind: 'update'; input: UpdateProductInput }
  | { kind: 'save_variant'; input: SaveVariantInput }
  | { kind: 'save_variant_rows'; input: SaveVariantTableInput }
  | { kind: 'remove_variant'; input: { version: number; path: string } }
  | { kind: 'set_stock'; input: SetStockInput }
  | { kind: 'set_region_prices'; input: SetRegionPricesInput };

async function send(productId: string, change: ProductChange) {
  const path = { id: productId };
  switch (change.kind) {
    case 'update':
      return answerOf(
        await storeClient.PATCH('/admin/products/{id}', { params: { path }, body: change.input }),
      );
    case 'save_variant':
      return answerOf(
        await storeClient.PUT('/admin/products/{id}/variants', { params: { path }, body: change.input }),
      );
    case 'save_variant_rows':
      return answerOf(
        await storeClient.PUT('/admin/products/{id}/variant_rows', { params: { path }, body: change.input }),
      );
    case 'remove_variant':
      return answerOf(
        await storeClient.DELETE('/admin/products/{id}/variants', { params: { path, query: change.input } }),
      );
    case 'set_stock':
      return answerOf(
        await storeClient.PUT('/admin/products/{id}/stock', { params: { path }, body: change.input }),
      );
    case 'set_region_prices':
      return answerOf(
        await storeClient.PUT('/admin/products/{id}/region_prices', { params: { path }, body: change.input }),
      );
  }
}

/**
 * Every change to one product: the answer is the product as it now stands (its new version included),
 * which replaces the form's copy; the list reads again.
 */
export function useChangeProduct(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ProductChange) => (await send(productId, change)).product,
    onSuccess: (product) => {
      client.setQueryData(adminProductKey(productId), product);
      return client.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
    },
  });
}

/** Another member of staff changed the product after this page loaded it. */
export function isStaleProduct(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'product/stale_version';
}

import type { ProductImages } from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { uploadPicture } from '../../../lib/picture-upload';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export function productImagesKey(productId: string) {
  return ['admin-product-images', productId] as const;
}

/** `GET /admin/products/{id}/images`: the product's pictures in order, the main one first. */
export function useProductImages(productId: string) {
  const { enabled } = useStaffQueries();
  return useQuery({
    queryKey: productImagesKey(productId),
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/products/{id}/images', { params: { path: { id: productId } } })),
    enabled,
  });
}

/**
 * Uploads, reorders and deletes; each answers with the pictures as they now are. The product's form and
 * the list read again, since both show its main picture.
 */
export function useChangeProductImages(productId: string) {
  const client = useQueryClient();
  const settle = (images: ProductImages) => {
    client.setQueryData(productImagesKey(productId), images);
    return client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY });
  };
  return {
    upload: useMutation({
      // The picture's bytes are the body, sent with their progress: not a call of the typed client.
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
        uploadPicture<ProductImages>(
          'POST',
          `/admin/products/${encodeURIComponent(productId)}/images`,
          file,
          onProgress,
        ),
      onSuccess: settle,
    }),
    order: useMutation({
      mutationFn: async (keys: string[]) =>
        answerOf(
          await storeClient.PUT('/admin/products/{id}/images/order', {
            params: { path: { id: productId } },
            body: { keys },
          }),
        ),
      onSuccess: settle,
      onError: () => client.invalidateQueries({ queryKey: productImagesKey(productId) }),
    }),
    remove: useMutation({
      mutationFn: async (key: string) =>
        answerOf(
          await storeClient.DELETE('/admin/products/{id}/images', {
            params: { path: { id: productId }, query: { key } },
          }),
        ),
      onSuccess: settle,
    }),
  };
}

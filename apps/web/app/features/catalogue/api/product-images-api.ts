import type { ProductImages } from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadPicture } from '../../../lib/picture-upload';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export function productImagesKey(productId: string) {
  return ['admin-product-images', productId] as const;
}

const imagesPath = (productId: string) => `/admin/products/${encodeURIComponent(productId)}/images`;

/** `GET /admin/products/{id}/images`: the product's pictures in order, the main one first. */
export function useProductImages(productId: string) {
  const { enabled } = useStaffQueries();
  return useQuery({
    queryKey: productImagesKey(productId),
    queryFn: () => api.get<ProductImages>(imagesPath(productId)),
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
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
        uploadPicture<ProductImages>('POST', imagesPath(productId), file, onProgress),
      onSuccess: settle,
    }),
    order: useMutation({
      mutationFn: (keys: string[]) => api.put<ProductImages>(`${imagesPath(productId)}/order`, { keys }),
      onSuccess: settle,
      onError: () => client.invalidateQueries({ queryKey: productImagesKey(productId) }),
    }),
    remove: useMutation({
      mutationFn: (key: string) => api.delete<ProductImages>(imagesPath(productId), { query: { key } }),
      onSuccess: settle,
    }),
  };
}

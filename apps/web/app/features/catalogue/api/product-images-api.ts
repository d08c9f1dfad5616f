import type { ProductImages } from '@crossbuy/core/catalogue';
import { ApiError } from '@crossbuy/core/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentXsrfToken, XSRF_HEADER } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

export function productImagesKey(productId: string) {
  return ['admin-product-images', productId] as const;
}

const imagesPath = (productId: string) => `/admin/products/${encodeURIComponent(productId)}/images`;

/** `GET /admin/products/{id}/images`: the product's pictures in order, the main one first. */
export function useProductImages(productId: string) {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: productImagesKey(productId),
    queryFn: () => api.get<ProductImages>(imagesPath(productId)),
    enabled: signedIn && profile !== null && profile.role !== 'shopper',
  });
}

/**
 * Sends a picture as the request body with its own type, reporting how much has gone (0 to 1). Fetch
 * cannot tell upload progress, so picture uploads go through XMLHttpRequest.
 */
export function uploadPicture<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    const xsrf = currentXsrfToken();
    if (xsrf !== undefined) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(ApiError.fromResponse(request.status, body));
    };
    request.onerror = () => reject(new ApiError({ status: 0 }));
    request.send(file);
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

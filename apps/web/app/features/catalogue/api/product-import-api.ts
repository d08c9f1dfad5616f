import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';

/** `POST /admin/products/import/preview`: what a file would change; a refused file names its wrong lines. */
export function usePreviewProductImport() {
  return useMutation({
    mutationFn: async (csv: string) =>
      answerOf(await storeClient.POST('/admin/products/import/preview', { body: { csv } })),
  });
}

/** `POST /admin/products/import`: applies a previewed file whole; the catalogue's lists read again. */
export function useApplyProductImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: { csv: string; fingerprint: string }) =>
      answerOf(await storeClient.POST('/admin/products/import', { body: file })),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
  });
}

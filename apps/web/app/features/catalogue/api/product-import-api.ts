import type { ProductImportPreview, ProductImportResult } from '@crossbuy/core/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_PRODUCTS_KEY } from '../../../lib/query-keys';

/** `POST /admin/products/import/preview`: what a file would change; a refused file names its wrong lines. */
export function usePreviewProductImport() {
  return useMutation({
    mutationFn: (csv: string) => api.post<ProductImportPreview>('/admin/products/import/preview', { csv }),
  });
}

/** `POST /admin/products/import`: applies a previewed file whole; the catalogue's lists read again. */
export function useApplyProductImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: { csv: string; fingerprint: string }) =>
      api.post<ProductImportResult>('/admin/products/import', file),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
  });
}

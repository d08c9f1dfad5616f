import type {
  AdminMerchant,
  AdminMerchantPage,
  MerchantCreateInput,
  MerchantUpdateInput,
} from '@crossbuy/core/catalogue';
import { ADMIN_MERCHANT_PAGE_SIZE } from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadPicture } from '../../../lib/picture-upload';
import { useStaffQueries } from '../../../lib/staff-queries';

export const ADMIN_MERCHANTS_KEY = ['admin-merchants'] as const;

/** What the merchant list is narrowed to; null is "any". */
export type MerchantFilter = { q: string | null; status: 'enabled' | 'disabled' | null };

/** `GET /admin/merchants`: merchants by name, a page at a time. */
export function useAdminMerchants(filter: MerchantFilter, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...ADMIN_MERCHANTS_KEY, staffId, filter, page],
    queryFn: () =>
      api.get<AdminMerchantPage>('/admin/merchants', {
        query: { page, limit: ADMIN_MERCHANT_PAGE_SIZE, ...filter },
      }),
    enabled,
  });
}

/** Adds a merchant (no id) or changes one; the list reads again. */
export function useSaveMerchant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      save: { id: null; input: MerchantCreateInput } | { id: string; input: MerchantUpdateInput },
    ) =>
      save.id === null
        ? api.post<{ merchant: AdminMerchant }>('/admin/merchants', save.input)
        : api.patch<{ merchant: AdminMerchant }>(
            `/admin/merchants/${encodeURIComponent(save.id)}`,
            save.input,
          ),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_MERCHANTS_KEY }),
  });
}

/** `PUT /admin/merchants/{id}/logo`: the chosen file as the merchant's logo. */
export function useUploadMerchantLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      uploadPicture<{ merchant: AdminMerchant }>(
        'PUT',
        `/admin/merchants/${encodeURIComponent(id)}/logo`,
        file,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_MERCHANTS_KEY }),
  });
}

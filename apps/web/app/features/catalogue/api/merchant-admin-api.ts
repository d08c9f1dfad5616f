import {
  ADMIN_MERCHANT_PAGE_SIZE,
  type AdminMerchant,
  type MerchantCreateInput,
  type MerchantUpdateInput,
} from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
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
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/merchants', {
          params: {
            query: {
              page,
              limit: ADMIN_MERCHANT_PAGE_SIZE,
              q: filter.q ?? undefined,
              status: filter.status ?? undefined,
            },
          },
        }),
      ),
    enabled,
  });
}

type MerchantSave = { id: null; input: MerchantCreateInput } | { id: string; input: MerchantUpdateInput };

async function saveMerchant(save: MerchantSave) {
  if (save.id === null) return answerOf(await storeClient.POST('/admin/merchants', { body: save.input }));
  return answerOf(
    await storeClient.PATCH('/admin/merchants/{id}', { params: { path: { id: save.id } }, body: save.input }),
  );
}

/** Adds a merchant (no id) or changes one; the list reads again. */
export function useSaveMerchant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMerchant,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_MERCHANTS_KEY }),
  });
}

/**
 * `PUT /admin/merchants/{id}/logo`: the chosen file as the merchant's logo. The body is the file itself,
 * not JSON, so this call is not in the contract and goes through the picture upload.
 */
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

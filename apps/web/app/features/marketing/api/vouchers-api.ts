import type {
  StoreVoucher,
  StoreVoucherPage,
  VoucherDraft,
  VoucherRedemptionPage,
  VoucherStatus,
} from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, STORE_VOUCHERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** What the voucher list is narrowed to; null is "any". */
export type VoucherFilter = { status: VoucherStatus | null; q: string | null };

export const VOUCHER_PAGE_SIZE = 20;
export const REDEMPTION_PAGE_SIZE = 20;

/** `GET /admin/vouchers`: every voucher, newest first, with its redemptions counted. */
export function useVoucherList(filter: VoucherFilter, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'list', filter, page],
    queryFn: () =>
      api.get<StoreVoucherPage>('/admin/vouchers', { query: { page, limit: VOUCHER_PAGE_SIZE, ...filter } }),
    enabled,
  });
}

export function useVoucher(voucherId: string) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'voucher', voucherId],
    queryFn: async () =>
      (await api.get<{ voucher: StoreVoucher }>(`/admin/vouchers/${encodeURIComponent(voucherId)}`)).voucher,
    enabled,
  });
}

/** `GET /admin/vouchers/{id}/redemptions`: the orders that used the voucher, newest first. */
export function useVoucherRedemptions(voucherId: string, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'redemptions', voucherId, page],
    queryFn: () =>
      api.get<VoucherRedemptionPage>(`/admin/vouchers/${encodeURIComponent(voucherId)}/redemptions`, {
        query: { page, limit: REDEMPTION_PAGE_SIZE },
      }),
    enabled,
  });
}

function useVoucherChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STORE_VOUCHERS_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** `POST /admin/vouchers` or `PUT /admin/vouchers/{id}`: writes the voucher's rules. */
export function useSaveVoucher(voucherId: string | null) {
  const changed = useVoucherChanged();
  return useMutation({
    mutationFn: async (draft: VoucherDraft) =>
      (voucherId === null
        ? await api.post<{ voucher: StoreVoucher }>('/admin/vouchers', draft)
        : await api.put<{ voucher: StoreVoucher }>(`/admin/vouchers/${encodeURIComponent(voucherId)}`, draft)
      ).voucher,
    onSuccess: changed,
  });
}

/** `POST /admin/vouchers/{id}/enable|disable`. */
export function useSwitchVoucher(voucherId: string) {
  const changed = useVoucherChanged();
  return useMutation({
    mutationFn: async (active: boolean) =>
      (
        await api.post<{ voucher: StoreVoucher }>(
          `/admin/vouchers/${encodeURIComponent(voucherId)}/${active ? 'enable' : 'disable'}`,
        )
      ).voucher,
    onSuccess: changed,
  });
}

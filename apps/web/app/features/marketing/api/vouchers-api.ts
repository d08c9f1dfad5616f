import type { VoucherDraft, VoucherStatus } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, STORE_VOUCHERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** What the voucher list is narrowed to; null is "any". */
export type VoucherFilter = { status: VoucherStatus | null; q: string | null };

export const VOUCHER_PAGE_SIZE = 20;
export const REDEMPTION_PAGE_SIZE = 20;

/** The filter as a query: "any" is left out rather than sent empty. */
function withoutEmpty({ status, q }: VoucherFilter) {
  return { ...(status === null ? {} : { status }), ...(q === null ? {} : { q }) };
}

/** `GET /admin/vouchers`: every voucher, newest first, with its redemptions counted. */
export function useVoucherList(filter: VoucherFilter, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'list', filter, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/vouchers', {
          params: { query: { page, limit: VOUCHER_PAGE_SIZE, ...withoutEmpty(filter) } },
        }),
      ),
    enabled,
  });
}

export function useVoucher(voucherId: string) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'voucher', voucherId],
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/vouchers/{id}', { params: { path: { id: voucherId } } }))
        .voucher,
    enabled,
  });
}

/** `GET /admin/vouchers/{id}/redemptions`: the orders that used the voucher, newest first. */
export function useVoucherRedemptions(voucherId: string, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_VOUCHERS_KEY, staffId, 'redemptions', voucherId, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/vouchers/{id}/redemptions', {
          params: { path: { id: voucherId }, query: { page, limit: REDEMPTION_PAGE_SIZE } },
        }),
      ),
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
      answerOf(
        voucherId === null
          ? await storeClient.POST('/admin/vouchers', { body: draft })
          : await storeClient.PUT('/admin/vouchers/{id}', {
              params: { path: { id: voucherId } },
              body: draft,
            }),
      ).voucher,
    onSuccess: changed,
  });
}

/** `POST /admin/vouchers/{id}/enable|disable`. */
export function useSwitchVoucher(voucherId: string) {
  const changed = useVoucherChanged();
  return useMutation({
    mutationFn: async (active: boolean) =>
      answerOf(
        await storeClient.POST(active ? '/admin/vouchers/{id}/enable' : '/admin/vouchers/{id}/disable', {
          params: { path: { id: voucherId } },
        }),
      ).voucher,
    onSuccess: changed,
  });
}

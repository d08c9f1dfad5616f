import type { CustomerStatus } from '@crossbuy/core/customer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, CUSTOMERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** What the customer list is narrowed to; null is "any". */
export type CustomerFilter = { q: string | null; status: CustomerStatus | null };

export const CUSTOMER_PAGE_SIZE = 20;

/** The filter as a query: "any" is left out rather than sent empty. */
function withoutEmpty({ q, status }: CustomerFilter) {
  return { ...(q === null ? {} : { q }), ...(status === null ? {} : { status }) };
}

/** `GET /admin/customers`: the store's shoppers, newest first. */
export function useCustomerList(filter: CustomerFilter, page: number) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, staffId, 'list', filter, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/customers', {
          params: { query: { page, limit: CUSTOMER_PAGE_SIZE, ...withoutEmpty(filter) } },
        }),
      ),
    enabled,
  });
}

/** `GET /admin/customers/{id}`: one customer's page. */
export function useCustomer(customerId: string) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, staffId, 'one', customerId],
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/customers/{id}', { params: { path: { id: customerId } } }))
        .customer,
    enabled,
  });
}

/**
 * `POST /admin/users/{id}/blacklist` or `/unblacklist`: the customer's sessions end at once and they are
 * refused from then on, or may come back. The customer pages and the audit log read again.
 */
export function useBlacklisting(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blacklist: boolean) =>
      storeClient.POST(blacklist ? '/admin/users/{id}/blacklist' : '/admin/users/{id}/unblacklist', {
        params: { path: { id: customerId } },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}

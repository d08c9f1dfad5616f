import type { OrderStatus } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answerOf, storeClient } from '../../../lib/contract-client';
import { ORDERS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

type OrderAnswer = Answer<'/order/{id}', 'get'>;

export const ORDER_PAGE_SIZE = 10;

function useScope() {
  const { signedIn, profile } = useUser();
  return { signedIn, userId: profile?.id ?? null };
}

/** `GET /order?page&limit&status`: the shopper's orders, newest first. */
export function useOrderList(status: OrderStatus | null, page: number) {
  const { signedIn, userId } = useScope();
  return useQuery({
    queryKey: [...ORDERS_KEY, userId, 'list', status, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/order', {
          params: { query: { page, limit: ORDER_PAGE_SIZE, ...(status ? { status } : {}) } },
        }),
      ),
    enabled: signedIn,
  });
}

/** `GET /order/{id}`; another shopper's order answers 404 order/not_found. */
export function useOrder(id: string) {
  const { signedIn, userId } = useScope();
  return useQuery({
    queryKey: [...ORDERS_KEY, userId, 'one', id],
    queryFn: async () => answerOf(await storeClient.GET('/order/{id}', { params: { path: { id } } })),
    enabled: signedIn,
  });
}

/** `GET /order/{id}/dispute_info`, asked only once the shopper opens the disclosure. */
export function useDisputeInfo(id: string, enabled: boolean) {
  const { signedIn, userId } = useScope();
  return useQuery({
    queryKey: [...ORDERS_KEY, userId, 'dispute-info', id],
    queryFn: async () =>
      answerOf(await storeClient.GET('/order/{id}/dispute_info', { params: { path: { id } } })),
    enabled: signedIn && enabled,
  });
}

/** Every change answers the order as it now stands; the lists and the dispute information follow. */
function useOrderChange<Input>(send: (input: Input) => Promise<OrderAnswer>) {
  const queryClient = useQueryClient();
  const { userId } = useScope();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ order }) => {
      const changed = [...ORDERS_KEY, userId, 'one', order.id];
      queryClient.setQueryData(changed, { order });
      // The order itself is already as the answer has it; asking for it again would only repeat it.
      return queryClient.invalidateQueries({
        queryKey: ORDERS_KEY,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(changed),
      });
    },
  });
}

/** `DELETE /order/{id}`: only while the order waits for payment. */
export function useCancelOrder() {
  // The shopper gives no reason: the body, which may hold one, is left out.
  return useOrderChange(async (id: string) =>
    answerOf(await storeClient.DELETE('/order/{id}', { params: { path: { id } } })),
  );
}

/** `POST /order/{id}/confirm_receipt`: a shipped or delivered order becomes completed. */
export function useConfirmReceipt() {
  return useOrderChange(async (id: string) =>
    answerOf(await storeClient.POST('/order/{id}/confirm_receipt', { params: { path: { id } } })),
  );
}

/** `POST /order/{id}/dispute {reason}`. */
export function useOpenDispute() {
  return useOrderChange(async ({ id, reason }: { id: string; reason: string }) =>
    answerOf(await storeClient.POST('/order/{id}/dispute', { params: { path: { id } }, body: { reason } })),
  );
}

import type {
  DisputeResolution,
  OrderStatus,
  PaymentMethod,
  RefundRequest,
  StoreCancelRequest,
  StoreOrderMoveRequest,
} from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { STORE_ORDERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';
import { orderTimelineKey } from './order-timeline-api';

/** What the order desk is narrowed to; null is "any". */
export type StoreOrderFilter = {
  status: OrderStatus | null;
  paymentMethod: PaymentMethod | null;
  placedFrom: string | null;
  placedTo: string | null;
  q: string | null;
};

export const STORE_ORDER_PAGE_SIZE = 20;

/** The filter as a query: "any" is left out rather than sent empty. */
function withoutEmpty(filter: StoreOrderFilter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== null)) as {
    [Key in keyof StoreOrderFilter]?: NonNullable<StoreOrderFilter[Key]>;
  };
}

/** `GET /admin/orders`: every shopper's orders, newest first, for operators and admins. */
export function useStoreOrderList(filter: StoreOrderFilter, page: number) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_ORDERS_KEY, staffId, filter, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/orders', {
          params: { query: { page, limit: STORE_ORDER_PAGE_SIZE, ...withoutEmpty(filter) } },
        }),
      ),
    enabled,
  });
}

/** `POST /admin/orders/{id}/status`: the store moves the order on; its page and the desk read it again. */
export function useMoveStoreOrder(orderId: string) {
  const client = useQueryClient();
  const { staffId } = useStaffQueries();
  return useMutation({
    mutationFn: async (move: StoreOrderMoveRequest) =>
      answerOf(
        await storeClient.POST('/admin/orders/{id}/status', {
          params: { path: { id: orderId } },
          body: move,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderTimelineKey('store', orderId, staffId) }),
        client.invalidateQueries({ queryKey: STORE_ORDERS_KEY }),
      ]),
  });
}

export function storeOrderRefundsKey(orderId: string, userId: string | null) {
  return [...STORE_ORDERS_KEY, 'refunds', userId, orderId] as const;
}

/** `GET /admin/orders/{id}/refunds`: what the shopper paid, what was refunded and what remains. */
export function useStoreOrderRefunds(orderId: string) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: storeOrderRefundsKey(orderId, staffId),
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/orders/{id}/refunds', { params: { path: { id: orderId } } })),
    enabled,
  });
}

/**
 * A change that gives money back or settles the order: the order's page (its timeline, its refunds) and
 * the desk read it again, whether it was made or refused (a refused card refund is listed as failed).
 */
function useSettlement<Input, Result>(orderId: string, settle: (input: Input) => Promise<Result>) {
  const client = useQueryClient();
  const { staffId } = useStaffQueries();
  return useMutation({
    mutationFn: settle,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderTimelineKey('store', orderId, staffId) }),
        client.invalidateQueries({ queryKey: STORE_ORDERS_KEY }),
      ]),
  });
}

/** `POST /admin/orders/{id}/refunds`. */
export function useRefundOrder(orderId: string) {
  return useSettlement(orderId, async (body: RefundRequest) =>
    answerOf(
      await storeClient.POST('/admin/orders/{id}/refunds', { params: { path: { id: orderId } }, body }),
    ),
  );
}

/** `POST /admin/orders/{id}/refunds/{refundId}/retry`: a card refund the provider did not answer, asked again. */
export function useRetryRefund(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (refundId: string) =>
      answerOf(
        await storeClient.POST('/admin/orders/{id}/refunds/{refundId}/retry', {
          params: { path: { id: orderId, refundId } },
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: STORE_ORDERS_KEY }),
  });
}

/** `POST /admin/orders/{id}/confirm_paynow`: the shopper's PayNow transfer reached the store's account. */
export function useConfirmPaynow(orderId: string) {
  return useSettlement(orderId, async () =>
    answerOf(
      await storeClient.POST('/admin/orders/{id}/confirm_paynow', { params: { path: { id: orderId } } }),
    ),
  );
}

/** `POST /admin/orders/{id}/cancel`: an order cancelled by the store; whatever it received goes back. */
export function useCancelOrder(orderId: string) {
  return useSettlement(orderId, async (body: StoreCancelRequest) =>
    answerOf(
      await storeClient.POST('/admin/orders/{id}/cancel', { params: { path: { id: orderId } }, body }),
    ),
  );
}

/** `POST /admin/orders/{id}/dispute/resolve`. */
export function useResolveDispute(orderId: string) {
  return useSettlement(orderId, async (body: DisputeResolution) =>
    answerOf(
      await storeClient.POST('/admin/orders/{id}/dispute/resolve', {
        params: { path: { id: orderId } },
        body,
      }),
    ),
  );
}

import type { OrderStatus, PaymentMethod, StoreOrderMove, storeOrderPageSchema } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { STORE_ORDERS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';
import { orderTimelineKey } from './order-timeline-api';

export type StoreOrderPage = z.infer<typeof storeOrderPageSchema>;

/** What the order desk is narrowed to; null is "any". */
export type StoreOrderFilter = {
  status: OrderStatus | null;
  paymentMethod: PaymentMethod | null;
  placedFrom: string | null;
  placedTo: string | null;
  q: string | null;
};

export const STORE_ORDER_PAGE_SIZE = 20;

/** `GET /admin/orders`: every shopper's orders, newest first, for operators and admins. */
export function useStoreOrderList(filter: StoreOrderFilter, page: number) {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: [...STORE_ORDERS_KEY, profile?.id ?? null, filter, page],
    queryFn: () =>
      api.get<StoreOrderPage>('/admin/orders', { query: { page, limit: STORE_ORDER_PAGE_SIZE, ...filter } }),
    enabled: signedIn && profile !== null && profile.role !== 'shopper',
  });
}

/** `POST /admin/orders/{id}/status`: the store moves the order on; its page and the desk read it again. */
export function useMoveStoreOrder(orderId: string) {
  const client = useQueryClient();
  const { profile } = useUser();
  return useMutation({
    mutationFn: (move: { to: StoreOrderMove; trackingNumber?: string }) =>
      api.post<{ status: OrderStatus; trackingNumber: string | null }>(
        `/admin/orders/${encodeURIComponent(orderId)}/status`,
        move,
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderTimelineKey('store', orderId, profile?.id ?? null) }),
        client.invalidateQueries({ queryKey: STORE_ORDERS_KEY }),
      ]),
  });
}

import type { BulkShipment, ShipmentRefusal } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { STORE_ORDERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export function storeOrderKey(orderId: string, userId: string | null) {
  return [...STORE_ORDERS_KEY, 'order', userId, orderId] as const;
}

/** `GET /admin/orders/{id}`: the order as the store fulfils it, with its lines, addresses and notes. */
export function useStoreOrder(orderId: string) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: storeOrderKey(orderId, staffId),
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/orders/{id}', { params: { path: { id: orderId } } })).order,
    enabled,
  });
}

/** `GET /admin/orders/packing_slips?ids=`: the orders to pack, in the order asked for. */
export function usePackingSlips(orderIds: readonly string[]) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_ORDERS_KEY, 'packing-slips', staffId, orderIds],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/orders/packing_slips', {
          params: { query: { ids: orderIds.join(',') } },
        }),
      ).orders,
    enabled: enabled && orderIds.length > 0,
  });
}

/** The carrier list as operators read it; the settings page refreshes it when an admin saves a new one. */
export const CARRIERS_KEY = [...STORE_ORDERS_KEY, 'carriers'] as const;

/** `GET /admin/carriers`: the carriers an order can ship with. */
export function useCarriers() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...CARRIERS_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/carriers')).carriers,
    enabled,
  });
}

/** The refusals a refused bulk shipment names, or none when the error is of another kind. */
export function shipmentRefusalsOf(error: unknown): ShipmentRefusal[] {
  const body = (error as { body?: { refusals?: unknown } } | null)?.body;
  return Array.isArray(body?.refusals) ? (body.refusals as ShipmentRefusal[]) : [];
}

/** `POST /admin/orders/ship`: several orders leave with one carrier, every one or none. */
export function useShipOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (shipment: BulkShipment) =>
      answerOf(await storeClient.POST('/admin/orders/ship', { body: shipment })),
    onSuccess: () => client.invalidateQueries({ queryKey: STORE_ORDERS_KEY }),
  });
}

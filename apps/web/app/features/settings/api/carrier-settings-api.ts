import type { Carrier } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { STORE_ORDERS_KEY, STORE_SETTINGS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

const CARRIER_SETTINGS_KEY = [...STORE_SETTINGS_KEY, 'carriers'] as const;

/** `GET /admin/settings/carriers` (admins). */
export function useCarrierSettings() {
  const { enabled, staffId } = useStaffQueries({ adminOnly: true });
  return useQuery({
    queryKey: [...CARRIER_SETTINGS_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/settings/carriers')).carriers,
    enabled,
  });
}

/** `PUT /admin/settings/carriers`: the list operators choose from when they ship. */
export function useSaveCarriers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (carriers: Carrier[]) =>
      answerOf(await storeClient.PUT('/admin/settings/carriers', { body: { carriers } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CARRIER_SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: [...STORE_ORDERS_KEY, 'carriers'] }),
      ]),
  });
}

import type { Carrier } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { STORE_ORDERS_KEY, STORE_SETTINGS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

const CARRIER_SETTINGS_KEY = [...STORE_SETTINGS_KEY, 'carriers'] as const;

/** `GET /admin/settings/carriers` (admins). */
export function useCarrierSettings() {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: [...CARRIER_SETTINGS_KEY, profile?.id ?? null],
    queryFn: async () => (await api.get<{ carriers: Carrier[] }>('/admin/settings/carriers')).carriers,
    enabled: signedIn && profile?.role === 'admin',
  });
}

/** `PUT /admin/settings/carriers`: the list operators choose from when they ship. */
export function useSaveCarriers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (carriers: Carrier[]) =>
      api.put<{ carriers: Carrier[] }>('/admin/settings/carriers', { carriers }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CARRIER_SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: [...STORE_ORDERS_KEY, 'carriers'] }),
      ]),
  });
}

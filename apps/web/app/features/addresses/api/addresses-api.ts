import type { Address, StoredAddress } from '@crossbuy/core/address';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { StoredAddress };

const addressesKey = ['addresses'] as const;

/** The address book, main address first. */
export function useAddresses() {
  return useQuery({
    queryKey: addressesKey,
    queryFn: async () => (await api.get<{ addresses: StoredAddress[] }>('/address')).addresses,
  });
}

/**
 * `PUT /address/:id` changes only the fields it is given, so a field the shopper emptied is sent as
 * null to clear it. `main` is sent only to make an address main: the main one cannot be unset here.
 */
function toPatch({ unitNumber, postalCode, state, city, main, ...required }: Address) {
  return {
    ...required,
    unitNumber: unitNumber ?? null,
    postalCode: postalCode ?? null,
    state: state ?? null,
    city: city ?? null,
    ...(main ? { main } : {}),
  };
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: string | undefined; address: Address }) =>
      id === undefined
        ? api.post('/address', address)
        : api.put(`/address/${encodeURIComponent(id)}`, toPatch(address)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/address/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useMakeMainAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/address/${encodeURIComponent(id)}/main`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

import type { Address, StoredAddress } from '@crossbuy/core/address';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeClient, storeQueries } from '../../../lib/contract-client';

export type { StoredAddress };

const addressBook = () => storeQueries.queryOptions('get', '/address');

/** The address book, main address first. */
export function useAddresses() {
  return useQuery({ ...addressBook(), select: (answer) => answer.addresses });
}

/**
 * `PUT /address/{id}` changes only the fields it is given, so a field the shopper emptied is sent as
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

function useAddressBookChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressBook().queryKey }),
  });
}

export function useSaveAddress() {
  return useAddressBookChange(({ id, address }: { id: string | undefined; address: Address }) =>
    id === undefined
      ? storeClient.POST('/address', { body: address })
      : storeClient.PUT('/address/{id}', { params: { path: { id } }, body: toPatch(address) }),
  );
}

export function useDeleteAddress() {
  return useAddressBookChange((id: string) =>
    storeClient.DELETE('/address/{id}', { params: { path: { id } } }),
  );
}

export function useMakeMainAddress() {
  return useAddressBookChange((id: string) =>
    storeClient.POST('/address/{id}/main', { params: { path: { id } } }),
  );
}

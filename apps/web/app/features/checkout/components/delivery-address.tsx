import type { Address } from '@crossbuy/core/address';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import type { UserProfile } from '../../../lib/user-store';
import { type StoredAddress, useSaveAddress } from '../../addresses/api/addresses-api';
import { AddressForm, addressFormValues } from '../../addresses/components/address-form';
import { AddressChoice } from './address-choice';

type DeliveryAddressProps = {
  profile: UserProfile;
  addresses: readonly StoredAddress[];
  /** A new address is being added in place of the choice. */
  adding: boolean;
  selectedId: string | undefined;
  error: string | undefined;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onChoose: (id: string) => void;
  onAdding: (open: boolean) => void;
  /** A new address was saved, to deliver to. */
  onAdded: (id: string) => void;
};

/** Where the order goes: one of the shopper's addresses, or a new one added here. */
export function DeliveryAddress({
  profile,
  addresses,
  adding,
  selectedId,
  error,
  fieldsetRef,
  onChoose,
  onAdding,
  onAdded,
}: DeliveryAddressProps) {
  const saveAddress = useSaveAddress();

  const saveNewAddress = async (address: Address) => {
    const { address: saved } = (await saveAddress.mutateAsync({ id: undefined, address })) as {
      address: StoredAddress;
    };
    onAdded(saved.id);
  };

  if (adding) {
    return (
      <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">
        <AddressForm
          title="Add a delivery address"
          initialValues={addressFormValues({
            country: profile.country,
            fullName: `${profile.firstName} ${profile.lastName}`,
            phoneNumber: profile.phoneNumber,
            main: addresses.length === 0,
          })}
          mainLocked={addresses.length === 0 ? 'Your first address becomes your main address.' : undefined}
          onSave={saveNewAddress}
          onCancel={() => onAdding(false)}
        />
      </div>
    );
  }
  return (
    <AddressChoice
      ref={fieldsetRef}
      legend="Delivery address"
      name="shipping-address"
      addresses={addresses}
      selectedId={selectedId}
      onChange={onChoose}
      error={error}
    >
      {addresses.length === 0 ? <p className="text-muted">You have no saved addresses yet.</p> : null}
      <Button variant="secondary" className="self-start" onClick={() => onAdding(true)}>
        Add a new address
      </Button>
    </AddressChoice>
  );
}

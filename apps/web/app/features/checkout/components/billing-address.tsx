import type { Ref } from 'react';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import type { StoredAddress } from '../../addresses/api/addresses-api';
import { AddressChoice } from './address-choice';

type BillingAddressProps = {
  addresses: readonly StoredAddress[];
  /** The delivery address bills too. */
  same: boolean;
  selectedId: string | undefined;
  error: string | undefined;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onSameChange: (same: boolean) => void;
  onChoose: (id: string) => void;
};

/** Who the order is billed to: the delivery address, or another of the shopper's addresses. */
export function BillingAddress({
  addresses,
  same,
  selectedId,
  error,
  fieldsetRef,
  onSameChange,
  onChoose,
}: BillingAddressProps) {
  return (
    <div className="flex flex-col gap-3">
      <CheckboxField
        label="Bill to the delivery address"
        checked={same}
        onChange={(event) => onSameChange(event.target.checked)}
      />
      {same ? null : (
        <AddressChoice
          ref={fieldsetRef}
          legend="Billing address"
          name="billing-address"
          addresses={addresses}
          selectedId={selectedId}
          onChange={onChoose}
          error={error}
        />
      )}
    </div>
  );
}

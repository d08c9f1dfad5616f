import { SelectField } from '../../../components/ui/select-field';
import { useCarriers } from '../api/fulfilment-api';

type CarrierFieldProps = {
  value: string;
  onChange: (carrier: string) => void;
  error: string | undefined;
  className?: string;
};

/**
 * The carrier a shipment goes with, chosen from the store's own list (settings), so that the tracking
 * link the shopper is sent is one the store knows how to make. Used wherever orders are marked shipped.
 */
export function CarrierField({ value, onChange, error, className }: CarrierFieldProps) {
  const carriers = useCarriers();
  return (
    <SelectField
      label="Carrier"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={carriers.isPending ? 'Loading the carriers…' : 'Choose a carrier'}
      options={(carriers.data ?? []).map((option) => ({ value: option.name, label: option.name }))}
      error={error}
      className={className}
    />
  );
}

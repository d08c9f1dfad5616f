import { QUOTATION_MAX_QUANTITY } from '@crossbuy/core/quotation';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';

type QuantityAndInstructionsProps = {
  quantity: string;
  onQuantityChange: (quantity: string) => void;
  instructions: string;
  onInstructionsChange: (instructions: string) => void;
  instructionsLabel?: string;
  instructionsHint?: string;
  required?: boolean;
};

/** The two things every quotation request and its later changes ask: how many, and what the store should know. */
export function QuantityAndInstructions({
  quantity,
  onQuantityChange,
  instructions,
  onInstructionsChange,
  instructionsLabel = 'Instructions for the store',
  instructionsHint,
  required = false,
}: QuantityAndInstructionsProps) {
  return (
    <>
      <TextField
        label="Quantity"
        required={required}
        type="number"
        inputMode="numeric"
        min={1}
        max={QUOTATION_MAX_QUANTITY}
        value={quantity}
        onChange={(event) => onQuantityChange(event.target.value)}
        className="w-32"
      />
      <FieldFrame label={instructionsLabel} {...(instructionsHint && { hint: instructionsHint })}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={instructions}
            onChange={(event) => onInstructionsChange(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </FieldFrame>
    </>
  );
}

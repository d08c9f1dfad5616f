import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';

const NOTES_MAX_LENGTH = 1000;

/** The shopper's notes for the store, sent with the order. */
export function OrderNotes({ value, onChange }: { value: string; onChange: (notes: string) => void }) {
  return (
    <FieldFrame
      label="Notes for the store (optional)"
      hint={`Anything we should know about this order, up to ${NOTES_MAX_LENGTH} characters.`}
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
          maxLength={NOTES_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={CONTROL_CLASSES}
        />
      )}
    </FieldFrame>
  );
}

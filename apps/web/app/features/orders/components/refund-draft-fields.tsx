import { formatMoney } from '@crossbuy/core/money';
import type { OrderRefunds } from '@crossbuy/core/order';
import { ErrorAlert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorOf, needsReference, type RefundDraft, type RefundFieldErrors } from './refund-fields';

/**
 * How much to refund, at most what remains, and for PayNow the reference of the bank transfer that sent
 * it back, side by side on a wide screen.
 */
export function RefundDraftFields({
  amountLabel,
  refunds,
  draft,
  onChange,
  errors,
}: {
  /** The amount field's words; its currency is said after them. */
  amountLabel: string;
  refunds: OrderRefunds;
  draft: RefundDraft;
  onChange: (draft: RefundDraft) => void;
  errors: RefundFieldErrors;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={`${amountLabel} (${refunds.refundable.currency})`}
        value={draft.amount}
        onChange={(event) => onChange({ ...draft, amount: event.target.value })}
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${formatMoney(refunds.refundable)}`}
        error={errors.amount}
        required
      />
      {needsReference(refunds) ? (
        <TextField
          label="Bank transfer reference"
          value={draft.reference}
          onChange={(event) => onChange({ ...draft, reference: event.target.value })}
          maxLength={100}
          autoComplete="off"
          error={errors.reference}
          required
        />
      ) : null}
    </div>
  );
}

/** Why the store refunds or cancels, in words the shopper reads. */
export function ShopperReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (reason: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label="Reason (the shopper sees it)"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={500}
      autoComplete="off"
      error={error}
      required
    />
  );
}

/**
 * A refusal of a refund or cancellation that concerns none of the fields, which show their own beside
 * them; nothing otherwise.
 */
export function OtherRefusal({ error }: { error: unknown }) {
  return fieldErrorOf(error) === null ? <ErrorAlert error={error} /> : null;
}

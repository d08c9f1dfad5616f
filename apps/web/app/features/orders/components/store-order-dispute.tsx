import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import {
  DISPUTE_NOTE_MAX_LENGTH,
  type DisputeOutcome,
  ORDER_STATUS,
  type OrderRefunds,
} from '@crossbuy/core/order';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CONTROL_CLASSES } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useResolveDispute } from '../api/store-orders-api';
import {
  fieldErrorOf,
  majorAmountText,
  needsReference,
  type RefundFieldErrors,
  readRefundDraft,
} from './refund-fields';

const OUTCOMES: readonly { value: DisputeOutcome; label: string }[] = [
  { value: ORDER_STATUS.processing, label: 'Put it right: back to processing' },
  { value: ORDER_STATUS.completed, label: 'Settled: the order is completed' },
  { value: ORDER_STATUS.cancelled, label: 'Cancel the order' },
];

/**
 * The shopper's dispute as they raised it, and how the store settles it: where the order goes, a note the
 * shopper reads, and a refund if one is owed.
 */
export function StoreOrderDispute({
  orderId,
  reason,
  refunds,
}: {
  orderId: string;
  /** What the shopper wrote when they raised it. */
  reason: string | null;
  refunds: OrderRefunds;
}) {
  const resolve = useResolveDispute(orderId);
  const noteId = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome>(ORDER_STATUS.processing);
  const [note, setNote] = useState('');
  const canRefund = refunds.refundable.amountMinor > 0;
  const [refund, setRefund] = useState(false);
  const [amount, setAmount] = useState(() => majorAmountText(refunds.refundable));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<RefundFieldErrors>({});
  const refunding = refund && canRefund;

  const check = () => {
    const read = readRefundDraft({ amount, reference }, refunds);
    const found: RefundFieldErrors = refunding ? { ...read.errors } : {};
    if (note.trim() === '') found.reason = formatErrorMessage('order/invalid_dispute_note');
    setErrors(found);
    return { amount: read.amount, valid: Object.keys(found).length === 0 };
  };
  const submit = () => {
    const { amount: money, valid } = check();
    if (!valid) return;
    resolve.mutate(
      {
        outcome,
        note: note.trim(),
        ...(refunding && {
          refund: { amount: money, ...(needsReference(refunds) && { reference: reference.trim() }) },
        }),
      },
      { onError: (error) => setErrors(fieldErrorOf(error) ?? {}) },
    );
  };
  const otherFailure = resolve.isError && fieldErrorOf(resolve.error) === null;
  const refundText = refunding ? formatMoney(readRefundDraft({ amount, reference }, refunds).amount) : '';

  return (
    <section
      aria-labelledby="order-dispute-heading"
      className="flex flex-col gap-3 rounded-2xl border border-danger-700/30 bg-white p-4"
    >
      <h2 id="order-dispute-heading" className="text-lg font-semibold">
        The shopper's dispute
      </h2>
      <blockquote className="rounded-lg bg-danger-50 p-3 text-sm break-words">
        {reason ?? 'The shopper gave no reason.'}
      </blockquote>
      <SelectField
        label="How it is settled"
        options={OUTCOMES}
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as DisputeOutcome)}
      />
      <div className="flex flex-col">
        <label htmlFor={noteId} className="mb-1.5 text-sm font-medium">
          Note to the shopper
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          maxLength={DISPUTE_NOTE_MAX_LENGTH}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${noteId}-error`}
          className={CONTROL_CLASSES}
        />
        <div id={`${noteId}-error`} aria-live="polite" className="text-sm text-danger-700">
          {errors.reason ? <p className="mt-1.5">{errors.reason}</p> : null}
        </div>
      </div>
      {canRefund ? (
        <CheckboxField
          label="Refund the shopper too"
          checked={refund}
          onChange={(event) => setRefund(event.target.checked)}
        />
      ) : null}
      {refunding ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`Refund amount (${refunds.refundable.currency})`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            hint={`At most ${formatMoney(refunds.refundable)}`}
            error={errors.amount}
            required
          />
          {needsReference(refunds) ? (
            <TextField
              label="Bank transfer reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              maxLength={100}
              autoComplete="off"
              error={errors.reference}
              required
            />
          ) : null}
        </div>
      ) : null}
      <AskFirst
        label="Settle the dispute"
        question={`${OUTCOMES.find((choice) => choice.value === outcome)?.label}${
          refunding ? `, refunding ${refundText}` : ''
        }? This cannot be undone.`}
        confirmLabel="Yes, settle it"
        busyLabel="Settling…"
        keepLabel="Not yet"
        tone="primary"
        busy={resolve.isPending}
        canAsk={() => check().valid}
        onConfirm={submit}
      />
      {otherFailure ? <Alert>{messageForError(resolve.error)}</Alert> : null}
    </section>
  );
}

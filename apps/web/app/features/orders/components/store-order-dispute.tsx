import { formatMoney } from '@crossbuy/core/money';
import {
  DISPUTE_NOTE_MAX_LENGTH,
  type DisputeOutcome,
  ORDER_STATUS,
  type OrderRefunds,
} from '@crossbuy/core/order';
import { useId, useState } from 'react';
import { AskFirst } from '../../../components/ui/ask-first';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CONTROL_CLASSES } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { useResolveDispute } from '../api/store-orders-api';
import { OtherRefusal, RefundDraftFields } from './refund-draft-fields';
import { useRefundDraft } from './refund-fields';

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
  const { draft, setDraft, errors, amount, check, showRefusal } = useRefundDraft(refunds);
  const refunding = refund && canRefund;

  const checkAll = () => check(note, 'order/invalid_dispute_note', refunding);
  const submit = () => {
    const { refund: typed, valid } = checkAll();
    if (!valid) return;
    resolve.mutate(
      { outcome, note: note.trim(), ...(refunding && { refund: typed }) },
      { onError: showRefusal },
    );
  };
  const refundText = refunding ? formatMoney(amount) : '';

  return (
    <Panel headingId="order-dispute-heading" title="The shopper's dispute" tone="danger">
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
        <RefundDraftFields
          amountLabel="Refund amount"
          refunds={refunds}
          draft={draft}
          onChange={setDraft}
          errors={errors}
        />
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
        canAsk={() => checkAll().valid}
        onConfirm={submit}
      />
      <OtherRefusal error={resolve.error} />
    </Panel>
  );
}

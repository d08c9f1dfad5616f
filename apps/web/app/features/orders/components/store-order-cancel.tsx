import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import type { OrderRefunds } from '@crossbuy/core/order';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { useCancelPaidOrder } from '../api/store-orders-api';
import { fieldErrorOf, needsReference, type RefundFieldErrors } from './refund-fields';

/**
 * The store cancels a paid order nothing of which has shipped: its stock and voucher are given back, and
 * what remains of the payment is refunded unless the operator says otherwise.
 */
export function StoreOrderCancel({ orderId, refunds }: { orderId: string; refunds: OrderRefunds }) {
  const cancel = useCancelPaidOrder(orderId);
  const remaining = refunds.refundable;
  const canRefund = remaining.amountMinor > 0;
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(canRefund);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<RefundFieldErrors>({});
  const askReference = refund && canRefund && needsReference(refunds);

  const check = () => {
    const found: RefundFieldErrors = {};
    if (reason.trim() === '') found.reason = formatErrorMessage('order/invalid_refund_reason');
    if (askReference && reference.trim() === '') {
      found.reference = formatErrorMessage('order/invalid_refund_reference');
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = () => {
    if (!check()) return;
    cancel.mutate(
      {
        reason: reason.trim(),
        refund: refund && canRefund,
        ...(askReference && { reference: reference.trim() }),
      },
      { onError: (error) => setErrors(fieldErrorOf(error) ?? {}) },
    );
  };
  const otherFailure = cancel.isError && fieldErrorOf(cancel.error) === null;

  return (
    <section
      aria-labelledby="order-cancel-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="order-cancel-heading" className="text-lg font-semibold">
        Cancel the order
      </h2>
      <p className="text-sm text-muted">
        Nothing has shipped yet. Cancelling puts the items back in stock and gives the voucher back.
      </p>
      <TextField
        label="Reason (the shopper sees it)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        autoComplete="off"
        error={errors.reason}
        required
      />
      {canRefund ? (
        <CheckboxField
          label={`Refund what remains of the payment (${formatMoney(remaining)})`}
          checked={refund}
          onChange={(event) => setRefund(event.target.checked)}
        />
      ) : null}
      {askReference ? (
        <TextField
          label="Bank transfer reference of the refund"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          maxLength={100}
          autoComplete="off"
          error={errors.reference}
          required
        />
      ) : null}
      <AskFirst
        label="Cancel order"
        question={
          refund && canRefund
            ? `Cancel this order and refund ${formatMoney(remaining)}? This cannot be undone.`
            : 'Cancel this order without a refund? This cannot be undone.'
        }
        confirmLabel="Yes, cancel the order"
        busyLabel="Cancelling…"
        keepLabel="Keep the order"
        busy={cancel.isPending}
        canAsk={check}
        onConfirm={submit}
      />
      {otherFailure ? <Alert>{messageForError(cancel.error)}</Alert> : null}
      <p role="status" className="text-sm">
        {cancel.isSuccess
          ? cancel.data.refund
            ? `The order is cancelled and ${formatMoney(cancel.data.refund.amount)} refunded.`
            : 'The order is cancelled.'
          : ''}
      </p>
    </section>
  );
}

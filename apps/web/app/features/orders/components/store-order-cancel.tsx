import { formatErrorMessage } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import type { OrderRefunds } from '@crossbuy/core/order';
import { useState } from 'react';
import { AskFirst } from '../../../components/ui/ask-first';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { useCancelOrder } from '../api/store-orders-api';
import { OtherRefusal, ShopperReasonField } from './refund-draft-fields';
import { fieldErrorOf, needsReference, type RefundFieldErrors } from './refund-fields';

/**
 * The store cancels an order nothing of which has shipped, paid or not: its stock and voucher are given
 * back, and whatever it received goes back to the shopper. A card payment is refunded through the card
 * provider; a PayNow payment is returned by the operator's own bank transfer, recorded here by its
 * reference, or left owed back until it is.
 */
export function StoreOrderCancel({ orderId, refunds }: { orderId: string; refunds: OrderRefunds }) {
  const cancel = useCancelOrder(orderId);
  const remaining = refunds.refundable;
  const holdsMoney = remaining.amountMinor > 0;
  const byTransfer = holdsMoney && needsReference(refunds);
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<RefundFieldErrors>({});

  const check = () => {
    const found: RefundFieldErrors = {};
    if (reason.trim() === '') found.reason = formatErrorMessage('order/invalid_refund_reason');
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = () => {
    if (!check()) return;
    cancel.mutate(
      {
        reason: reason.trim(),
        ...(byTransfer && reference.trim() !== '' && { reference: reference.trim() }),
      },
      { onError: (error) => setErrors(fieldErrorOf(error) ?? {}) },
    );
  };
  const question = !holdsMoney
    ? 'Cancel this order? This cannot be undone.'
    : byTransfer
      ? reference.trim() === ''
        ? `Cancel this order? The ${formatMoney(remaining)} paid by PayNow will be listed as owed back to the shopper until you record your bank transfer. This cannot be undone.`
        : `Cancel this order and record your bank transfer of ${formatMoney(remaining)} to the shopper? This cannot be undone.`
      : `Cancel this order and refund ${formatMoney(remaining)} to the shopper's card? This cannot be undone.`;

  return (
    <Panel headingId="order-cancel-heading" title="Cancel the order">
      <p className="text-sm text-muted">
        Nothing has shipped yet. Cancelling puts the items back in stock and gives the voucher back.
        {holdsMoney
          ? byTransfer
            ? ` The shopper paid ${formatMoney(remaining)} by PayNow: send it back from the store's bank account.`
            : ` The ${formatMoney(remaining)} the shopper paid is refunded to their card.`
          : ''}
      </p>
      <ShopperReasonField value={reason} onChange={setReason} error={errors.reason} />
      {byTransfer ? (
        <TextField
          label="Reference of your bank transfer back to the shopper (if already sent)"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          maxLength={100}
          autoComplete="off"
          error={errors.reference}
        />
      ) : null}
      <AskFirst
        label="Cancel order"
        question={question}
        confirmLabel="Yes, cancel the order"
        busyLabel="Cancelling…"
        keepLabel="Keep the order"
        busy={cancel.isPending}
        canAsk={check}
        onConfirm={submit}
      />
      <OtherRefusal error={cancel.error} />
      <p role="status" className="text-sm">
        {cancel.isSuccess
          ? cancel.data.refund
            ? `The order is cancelled and ${formatMoney(cancel.data.refund.amount)} refunded.`
            : holdsMoney
              ? `The order is cancelled. ${formatMoney(remaining)} is owed back to the shopper.`
              : 'The order is cancelled.'
          : ''}
      </p>
    </Panel>
  );
}

import { formatStoreDateTime } from '@crossbuy/core/dates';
import { formatMoney } from '@crossbuy/core/money';
import {
  type OrderRefunds,
  PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS,
  type Refund,
  type RefundStatus,
} from '@crossbuy/core/order';
import { useRef, useState } from 'react';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { PendingButton } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Price } from '../../../components/ui/price';
import { useRefundOrder, useRetryRefund } from '../api/store-orders-api';
import { OtherRefusal, RefundDraftFields, ShopperReasonField } from './refund-draft-fields';
import { needsReference, useRefundDraft } from './refund-fields';

const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Waiting for the card provider',
  succeeded: 'Refunded',
  failed: 'Refused: nothing refunded',
};

/**
 * What the order received, the refunds made and what remains, with the form that refunds more. Money a
 * cancelled order still holds is owed back to the shopper and said so first, with the form ready to
 * return it.
 */
export function StoreOrderRefunds({ orderId, refunds }: { orderId: string; refunds: OrderRefunds }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [made, setMade] = useState<Refund | null>(null);
  // Held here, not in the form: a refund made starts a fresh form, and the answer must outlive the old one.
  const refund = useRefundOrder(orderId);
  return (
    <Panel headingId="order-refunds-heading" title="Refunds" headingRef={heading}>
      {refunds.paid === null ? (
        <p className="text-sm text-muted">
          Nothing has been paid for this order, so there is nothing to refund.
        </p>
      ) : (
        <>
          {refunds.owedBack.amountMinor > 0 ? (
            <Alert tone="info">
              This order is cancelled but still holds {formatMoney(refunds.owedBack)} of the shopper’s money.
              Refund it to them below.
            </Alert>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Paid</dt>
            <dd>
              <Price value={refunds.paid} />
              {refunds.method ? ` by ${PAYMENT_METHOD_LABELS[refunds.method]}` : ''}
            </dd>
            <dt className="text-muted">Refunded</dt>
            <dd data-testid="refunded-total">
              <Price value={refunds.refunded} />
            </dd>
            <dt className="text-muted">Can still be refunded</dt>
            <dd data-testid="refundable">
              <Price value={refunds.refundable} />
            </dd>
            {refunds.owedBack.amountMinor > 0 ? (
              <>
                <dt className="text-muted">Owed back to the shopper</dt>
                <dd data-testid="owed-back">
                  <Price value={refunds.owedBack} />
                </dd>
              </>
            ) : null}
          </dl>
          {refunds.refunds.length > 0 ? <RefundList orderId={orderId} refunds={refunds.refunds} /> : null}
          {refunds.refundable.amountMinor > 0 ? (
            <RefundForm
              // A new remaining amount starts a fresh form, prefilled with it.
              key={refunds.refundable.amountMinor}
              refund={refund}
              refunds={refunds}
              onRefunded={(refund) => {
                setMade(refund);
                heading.current?.focus();
              }}
            />
          ) : (
            <p className="text-sm">Everything paid has been refunded.</p>
          )}
        </>
      )}
      <p role="status" className="text-sm">
        {made
          ? made.status === 'succeeded'
            ? `Refunded ${formatMoney(made.amount)}.`
            : `The refund of ${formatMoney(made.amount)} is waiting for the card provider.`
          : ''}
      </p>
    </Panel>
  );
}

function RefundList({ orderId, refunds }: { orderId: string; refunds: readonly Refund[] }) {
  const retry = useRetryRefund(orderId);
  return (
    <>
      <ErrorAlert error={retry.error} />
      <ul aria-label="Refunds made" className="flex flex-col gap-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-lg border border-line p-3 text-sm">
            <p className="font-semibold">
              <Price value={refund.amount} /> · {REFUND_STATUS_LABELS[refund.status]}
            </p>
            <p className="break-words">{refund.reason}</p>
            <p className="text-muted">
              {formatStoreDateTime(refund.createdAt)}
              {refund.createdBy ? ` · ${refund.createdBy}` : ''}
              {refund.reference ? ` · reference ${refund.reference}` : ''}
            </p>
            {refund.failureMessage ? <p className="text-danger-700">{refund.failureMessage}</p> : null}
            {refund.status === 'pending' ? (
              <PendingButton
                variant="secondary"
                className="mt-2"
                pending={retry.isPending}
                pendingLabel="Asking…"
                onClick={() => retry.mutate(refund.id)}
              >
                Ask the card provider again
              </PendingButton>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function RefundForm({
  refund,
  refunds,
  onRefunded,
}: {
  refund: ReturnType<typeof useRefundOrder>;
  refunds: OrderRefunds;
  onRefunded: (refund: Refund) => void;
}) {
  const { draft, setDraft, errors, amount, check, showRefusal } = useRefundDraft(refunds);
  // Money owed back needs no reason of the operator's own: the order was cancelled.
  const [reason, setReason] = useState(() =>
    refunds.owedBack.amountMinor > 0 ? 'The order was cancelled' : '',
  );
  const paynow = needsReference(refunds);

  const checkAll = () => check(reason, 'order/invalid_refund_reason');
  const submit = () => {
    const { refund: typed, valid } = checkAll();
    if (!valid) return;
    refund.mutate(
      { ...typed, reason: reason.trim() },
      { onSuccess: (answer) => onRefunded(answer.refund), onError: showRefusal },
    );
  };

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <h3 className="font-semibold">Refund the shopper</h3>
      <p className="text-sm text-muted">
        {paynow
          ? 'Send the money back by bank transfer first, then record the refund here with its reference.'
          : refunds.method === PAYMENT_METHOD.card
            ? "The refund goes back to the shopper's card through the card provider."
            : 'No money moved for a test card payment; the refund is recorded only.'}
      </p>
      <RefundDraftFields
        amountLabel="Amount"
        refunds={refunds}
        draft={draft}
        onChange={setDraft}
        errors={errors}
      />
      <ShopperReasonField value={reason} onChange={setReason} error={errors.reason} />
      <AskFirst
        label="Refund"
        question={`Refund ${formatMoney(amount)} to the shopper? This cannot be undone.`}
        confirmLabel="Yes, refund"
        busyLabel="Refunding…"
        keepLabel="Not now"
        busy={refund.isPending}
        canAsk={() => checkAll().valid}
        onConfirm={submit}
      />
      <OtherRefusal error={refund.error} />
    </div>
  );
}

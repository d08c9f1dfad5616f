import { formatMoney, type Money } from '@crossbuy/core/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Panel } from '../../../components/ui/panel';
import { useConfirmPaynow } from '../api/store-orders-api';

/**
 * A PayNow order waits for the store to see the transfer in its bank account: the operator matches the
 * amount and the reference, then confirms, and the order is paid (the shopper is told). A transfer that
 * arrives after the order was cancelled is recorded the same way, and is then owed back to the shopper.
 */
export function StoreOrderPaynow({
  orderId,
  orderRef,
  total,
  cancelled,
}: {
  orderId: string;
  orderRef: string;
  total: Money;
  /** The order was cancelled before any transfer was confirmed. */
  cancelled: boolean;
}) {
  const confirm = useConfirmPaynow(orderId);
  const amount = formatMoney(total);
  return (
    <Panel headingId="order-paynow-heading" title="PayNow transfer">
      <p className="text-sm text-muted">
        {cancelled
          ? `This order is cancelled. If a transfer of ${amount} with the reference ${orderRef} still arrived in the store's account, record it here: it is then listed as owed back to the shopper, for you to return.`
          : `Look in the store's bank account for a transfer of ${amount} with the reference ${orderRef}. Confirm it only once it has arrived: the order is then paid and the shopper is told.`}
      </p>
      <div>
        <AskFirst
          label={cancelled ? 'Record a transfer that arrived' : 'Confirm the transfer arrived'}
          question={`Has ${amount} with the reference ${orderRef} arrived in the store's account?`}
          confirmLabel="Yes, it has arrived"
          busyLabel="Confirming…"
          keepLabel="Not yet"
          tone="primary"
          busy={confirm.isPending}
          onConfirm={() => confirm.mutate()}
        />
      </div>
      <ErrorAlert error={confirm.error} />
    </Panel>
  );
}

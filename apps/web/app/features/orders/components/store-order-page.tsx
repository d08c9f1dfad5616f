import { formatStoreDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD,
  STORE_CANCELLABLE_STATUSES,
} from '@crossbuy/core/order';
import type { TimelineEntry } from '@crossbuy/core/order-chat';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { Price } from '../../../components/ui/price';
import { useStoreOrder } from '../api/fulfilment-api';
import { useOrderTimeline } from '../api/order-timeline-api';
import { useStoreOrderRefunds } from '../api/store-orders-api';
import { OrderTimeline } from './order-timeline';
import { StoreOrderCancel } from './store-order-cancel';
import { StoreOrderDispute } from './store-order-dispute';
import { StoreOrderFulfilment } from './store-order-fulfilment';
import { StoreOrderMoves } from './store-order-moves';
import { StoreOrderPaynow } from './store-order-paynow';
import { StoreOrderRefunds } from './store-order-refunds';

/**
 * The store's view of one order: what it is and who placed it, what to pack and where it goes, its money,
 * and the conversation with the shopper.
 */
export function StoreOrderPage({ orderId }: { orderId: string }) {
  const query = useOrderTimeline('store', orderId);
  const details = useStoreOrder(orderId);
  const refunds = useStoreOrderRefunds(orderId);
  const status = query.data?.order.status;
  return (
    <article
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10"
      aria-labelledby="order-title"
    >
      {query.isPending ? (
        <Loading>Loading the order…</Loading>
      ) : query.isError ? (
        <Alert>{messageForError(query.error)}</Alert>
      ) : (
        <header className="flex flex-col gap-2">
          <h1 id="order-title" className="text-2xl font-bold tracking-tight">
            Order {query.data.order.orderRef}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Status</dt>
            <dd data-testid="order-status">{ORDER_STATUS_LABELS[query.data.order.status]}</dd>
            <dt className="text-muted">Total</dt>
            <dd>
              <Price value={query.data.order.total} />
            </dd>
            <dt className="text-muted">Placed</dt>
            <dd>{formatStoreDateTime(query.data.order.placedAt)}</dd>
            {query.data.shopper ? (
              <>
                <dt className="text-muted">Shopper</dt>
                <dd className="break-all">
                  {query.data.shopper.name} ({query.data.shopper.email})
                </dd>
              </>
            ) : null}
          </dl>
        </header>
      )}
      {query.isSuccess ? (
        <>
          {query.data.order.paymentMethod === PAYMENT_METHOD.payNow &&
          (status === ORDER_STATUS.pendingPayment ||
            (status === ORDER_STATUS.cancelled && refunds.data?.paid === null)) ? (
            <StoreOrderPaynow
              orderId={orderId}
              orderRef={query.data.order.orderRef}
              total={query.data.order.total}
              cancelled={status === ORDER_STATUS.cancelled}
            />
          ) : null}
          {details.isPending ? (
            <Loading>Loading the items and addresses…</Loading>
          ) : details.isError ? (
            <Alert>{messageForError(details.error)}</Alert>
          ) : (
            <StoreOrderFulfilment order={details.data} />
          )}
          <StoreOrderMoves orderId={orderId} status={query.data.order.status} />
          {refunds.isPending ? (
            <Loading>Loading the refunds…</Loading>
          ) : refunds.isError ? (
            <Alert>{messageForError(refunds.error)}</Alert>
          ) : (
            <>
              {status === ORDER_STATUS.disputed ? (
                <StoreOrderDispute
                  orderId={orderId}
                  reason={disputeReason(query.data.entries)}
                  refunds={refunds.data}
                />
              ) : null}
              <StoreOrderRefunds orderId={orderId} refunds={refunds.data} />
              {status && STORE_CANCELLABLE_STATUSES.includes(status) ? (
                <StoreOrderCancel orderId={orderId} refunds={refunds.data} />
              ) : null}
            </>
          )}
          <OrderTimeline orderId={orderId} mode="store" />
        </>
      ) : null}
    </article>
  );
}

/** What the shopper wrote when they raised the dispute still open. */
function disputeReason(entries: readonly TimelineEntry[]): string | null {
  const opened = entries.findLast(
    (entry) => entry.kind === 'status' && entry.toStatus === ORDER_STATUS.disputed,
  );
  const reason = opened && opened.kind !== 'message' ? opened.detail.reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

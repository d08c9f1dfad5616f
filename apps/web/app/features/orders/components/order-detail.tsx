import { formatStoreDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS,
  type Order,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  RECEIPT_CONFIRMABLE_STATUSES,
} from '@crossbuy/core/order';
import type { TimelineEntry } from '@crossbuy/core/order-chat';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { ShopperRecordPage } from '../../../components/ui/shopper-record-page';
import { OrderPayment } from '../../payments/order-payment';
import { useOrderTimeline } from '../api/order-timeline-api';
import { useCancelOrder, useConfirmReceipt, useOrder } from '../api/orders-api';
import { DisputeDisclosure } from './dispute-disclosure';
import { OrderAddresses } from './order-address';
import { OrderCosts } from './order-costs';
import { OrderLines } from './order-lines';
import { OrderProgressSteps } from './order-progress-steps';
import { OrderShipment } from './order-shipment';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

/** One of the shopper's orders; `placed` thanks them for an order they have just placed. */
export function OrderDetail({ id, placed = false }: { id: string; placed?: boolean }) {
  const query = useOrder(id);

  if (query.isPending) return <PageLoading>Loading your order…</PageLoading>;
  if (query.isError)
    return <PageError error={query.error} backTo="/orders" backLabel="Back to your orders" />;
  return <OrderView order={query.data.order} placed={placed} onStale={() => void query.refetch()} />;
}

/** The status of the newest status change the timeline has heard of, live or loaded. */
export function latestTimelineStatus(entries: readonly TimelineEntry[]): OrderStatus | null {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry && entry.kind !== 'message' && entry.toStatus) return entry.toStatus;
  }
  return null;
}

/**
 * The store moves the order (paid, shipped) while the page is open; the timeline hears of it live, and
 * the order is asked for again so its progress, costs and actions follow.
 */
function useFollowTimelineStatus(order: Order, onStale: () => void) {
  const timeline = useOrderTimeline('shopper', order.id);
  const heard = latestTimelineStatus(timeline.data?.entries ?? []);
  const { status } = order;
  const onStaleRef = useRef(onStale);
  onStaleRef.current = onStale;
  useEffect(() => {
    if (heard !== null && heard !== status) onStaleRef.current();
  }, [heard, status]);
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-5"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function PlacedBanner({ orderRef }: { orderRef: string }) {
  const banner = useRef<HTMLDivElement>(null);
  // Focus moves to the thanks, so a screen reader says it first on arriving from checkout.
  useEffect(() => banner.current?.focus(), []);
  return (
    <div
      ref={banner}
      tabIndex={-1}
      role="status"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-900 focus:outline-3"
    >
      <p className="text-lg font-semibold">Thank you, your order {orderRef} is placed</p>
      <p className="text-sm">We have sent the details to your email. Follow its progress on this page.</p>
    </div>
  );
}

/**
 * Whether the thanks for a just-placed order is still news: the page was opened from checkout on an order
 * waiting for payment, and the order is still waiting, or was paid while the page was open. An order
 * opened later, one the store has started preparing, or one cancelled says where it stands instead.
 */
export function placedThanksShown(placed: boolean, openedStatus: OrderStatus, status: OrderStatus): boolean {
  return (
    placed &&
    openedStatus === ORDER_STATUS.pendingPayment &&
    (status === ORDER_STATUS.pendingPayment || status === ORDER_STATUS.paid)
  );
}

function OrderView({ order, placed, onStale }: { order: Order; placed: boolean; onStale: () => void }) {
  useFollowTimelineStatus(order, onStale);
  // The status the page first showed; the order is asked for again as it moves, and this stays.
  const [openedStatus] = useState(order.status);
  const cancel = useCancelOrder();
  const confirmReceipt = useConfirmReceipt();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (change: () => Promise<unknown>, success: string) => {
    setFailure(null);
    setDone(null);
    try {
      await change();
      setDone(success);
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  const canConfirmReceipt = RECEIPT_CONFIRMABLE_STATUSES.includes(order.status);

  return (
    <ShopperRecordPage labelledBy="order-heading" backTo="/orders" backLabel="Your orders">
      {placedThanksShown(placed, openedStatus, order.status) ? (
        <PlacedBanner orderRef={order.orderRef} />
      ) : null}
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="order-heading" className="text-2xl font-bold tracking-tight">
            Order {order.orderRef}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-muted">
          Placed {formatStoreDateTime(order.placedAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
        </p>
      </header>

      <OrderProgressSteps order={order} />

      <div aria-live="polite" className="flex flex-col gap-2">
        {done ? <Alert tone="info">{done}</Alert> : null}
      </div>
      {failure ? <Alert>{failure}</Alert> : null}

      {order.status === ORDER_STATUS.cancelled && order.cancelReason ? (
        <p className="text-sm">Cancelled: {order.cancelReason}</p>
      ) : null}
      {order.trackingNumber ? <OrderShipment order={order} /> : null}

      {order.status === ORDER_STATUS.pendingPayment && order.paynowMarkedPaidAt ? (
        <>
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            You told us on <strong>{formatStoreDateTime(order.paynowMarkedPaidAt)}</strong> that you sent the
            PayNow transfer. We confirm it as soon as it reaches the store’s account; until then your items
            stay reserved for you.
          </p>
          <OrderPayment order={order} onPaid={onStale} />
          <Panel title="Changed your mind?">
            <p className="text-sm">
              Your PayNow transfer is on its way to us, so this order can no longer be cancelled here. Write
              to us in the chat below: we will cancel it and send the money back to you.
            </p>
          </Panel>
        </>
      ) : order.status === ORDER_STATUS.pendingPayment ? (
        <>
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            Please pay by <strong>{formatStoreDateTime(order.paymentDueAt)}</strong>; an order not paid by
            then is cancelled and its items are released.
          </p>
          <OrderPayment order={order} onPaid={onStale} />
          <Panel title="Changed your mind?">
            <p className="text-sm">An order can be cancelled until it is paid.</p>
            <AskFirst
              label="Cancel order"
              question={`Cancel order ${order.orderRef}? This cannot be undone.`}
              confirmLabel="Yes, cancel the order"
              busyLabel="Cancelling…"
              keepLabel="Keep the order"
              busy={cancel.isPending}
              onConfirm={() => void run(() => cancel.mutateAsync(order.id), 'Your order is cancelled.')}
            />
          </Panel>
        </>
      ) : null}

      {canConfirmReceipt ? (
        <Panel title="Received your items?">
          <p className="text-sm">
            Confirm once everything has arrived in good order; this completes the order.
          </p>
          <AskFirst
            label="Confirm receipt"
            question="Confirm that you have received every item of this order?"
            confirmLabel="Yes, I have received it"
            busyLabel="Confirming…"
            keepLabel="Not yet"
            tone="primary"
            busy={confirmReceipt.isPending}
            onConfirm={() =>
              void run(() => confirmReceipt.mutateAsync(order.id), 'Thank you, your order is completed.')
            }
          />
        </Panel>
      ) : null}

      <OrderTimeline orderId={order.id} mode="shopper" />

      <Panel title="Items">
        <OrderLines order={order} />
      </Panel>

      <Panel title="Cost">
        <OrderCosts order={order} />
      </Panel>

      <OrderAddresses order={order} Panel={Panel} />

      {order.notes ? (
        <Panel title="Your notes">
          <p className="whitespace-pre-wrap break-words text-sm">{order.notes}</p>
        </Panel>
      ) : null}

      <DisputeDisclosure order={order} />
    </ShopperRecordPage>
  );
}

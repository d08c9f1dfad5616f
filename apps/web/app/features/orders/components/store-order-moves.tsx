import { ApiError, messageForError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderStatus,
  STORE_ORDER_MOVES,
  type StoreOrderMove,
} from '@crossbuy/core/order';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useMoveStoreOrder } from '../api/store-orders-api';

const MOVE_LABELS: Record<StoreOrderMove, string> = {
  processing: 'Start processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  completed: 'Mark as completed',
};

const isStoreMove = (status: OrderStatus): status is StoreOrderMove =>
  (STORE_ORDER_MOVES as readonly OrderStatus[]).includes(status);

/** The moves the store can make by hand from the order's status; a shipment names its tracking number. */
export function StoreOrderMoves({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const move = useMoveStoreOrder(orderId);
  const next = ORDER_TRANSITIONS[status].filter(isStoreMove);
  if (next.length === 0) return null;

  const code = move.error instanceof ApiError ? move.error.code : undefined;
  const trackingError = code === 'order/invalid_tracking_number' ? messageForError(move.error) : undefined;

  return (
    <section
      aria-labelledby="order-moves-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="order-moves-heading" className="text-lg font-semibold">
        Move the order on
      </h2>
      {next.includes('shipped') ? (
        <TextField
          label="Tracking number"
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
          maxLength={100}
          autoComplete="off"
          error={trackingError}
          className="max-w-sm"
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {next.map((to) => (
          <Button
            key={to}
            disabled={move.isPending}
            onClick={() => move.mutate(to === 'shipped' ? { to, trackingNumber } : { to })}
          >
            {MOVE_LABELS[to]}
          </Button>
        ))}
      </div>
      {move.isError && trackingError === undefined ? <Alert>{messageForError(move.error)}</Alert> : null}
      <p role="status" className="text-sm">
        {move.isSuccess ? `The order is now ${ORDER_STATUS_LABELS[move.data.status].toLowerCase()}.` : ''}
      </p>
    </section>
  );
}

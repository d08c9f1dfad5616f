import { ApiError, messageForError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  STORE_NEXT_MOVE,
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

/** The move the store can make by hand from the order's status; a shipment names its tracking number. */
export function StoreOrderMoves({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const move = useMoveStoreOrder(orderId);
  const step = STORE_NEXT_MOVE[status];
  if (!step) return null;

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
      {step === 'shipped' ? (
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
      <Button
        className="self-start"
        disabled={move.isPending}
        onClick={() => move.mutate(step === 'shipped' ? { to: step, trackingNumber } : { to: step })}
      >
        {MOVE_LABELS[step]}
      </Button>
      {move.isError && trackingError === undefined ? <Alert>{messageForError(move.error)}</Alert> : null}
      <p role="status" className="text-sm">
        {move.isSuccess ? `The order is now ${ORDER_STATUS_LABELS[move.data.status].toLowerCase()}.` : ''}
      </p>
    </section>
  );
}

import { ApiError, messageForError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  STORE_NEXT_MOVE,
  type StoreOrderMove,
} from '@crossbuy/core/order';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { useCarriers } from '../api/fulfilment-api';
import { useMoveStoreOrder } from '../api/store-orders-api';
import { CarrierField } from './carrier-field';

const MOVE_LABELS: Record<StoreOrderMove, string> = {
  processing: 'Start processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  completed: 'Mark as completed',
};

/**
 * The move the store can make by hand from the order's status; a shipment names its carrier, from the
 * store's list, and its tracking number.
 */
export function StoreOrderMoves({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const move = useMoveStoreOrder(orderId);
  const step = STORE_NEXT_MOVE[status];
  // The list the carrier field offers (one query between them): a failure to load it is said here.
  const carriers = useCarriers();
  if (!step) return null;

  const code = move.error instanceof ApiError ? move.error.code : undefined;
  const trackingError = code === 'order/invalid_tracking_number' ? messageForError(move.error) : undefined;
  const carrierError = code === 'order/invalid_carrier' ? messageForError(move.error) : undefined;
  const fieldError = trackingError ?? carrierError;

  return (
    <Panel headingId="order-moves-heading" title="Move the order on">
      {step === ORDER_STATUS.shipped ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <CarrierField
            value={carrier}
            onChange={setCarrier}
            error={carrierError}
            className="sm:max-w-xs sm:flex-1"
          />
          <TextField
            label="Tracking number"
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            maxLength={100}
            autoComplete="off"
            error={trackingError}
            className="sm:max-w-sm sm:flex-1"
          />
        </div>
      ) : null}
      <ErrorAlert error={step === ORDER_STATUS.shipped ? carriers.error : null} />
      <Button
        className="self-start"
        disabled={move.isPending}
        onClick={() =>
          move.mutate(step === ORDER_STATUS.shipped ? { to: step, carrier, trackingNumber } : { to: step })
        }
      >
        {MOVE_LABELS[step]}
      </Button>
      <ErrorAlert error={fieldError === undefined ? move.error : null} />
      <p role="status" className="text-sm">
        {move.isSuccess ? `The order is now ${ORDER_STATUS_LABELS[move.data.status].toLowerCase()}.` : ''}
      </p>
    </Panel>
  );
}

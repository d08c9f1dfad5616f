import { ApiError, messageForError } from '@crossbuy/core/errors';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses, SubmitButton } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { shipmentRefusalsOf, useShipOrders } from '../api/fulfilment-api';
import { CarrierField } from './carrier-field';
import { packingSlipHref } from './store-order-fulfilment';

export type ChosenOrder = { id: string; orderRef: string };

const ordersText = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

/**
 * What the desk does with the orders chosen on it: print their packing slips and pick list, or ship them
 * with one carrier, each under its own tracking number; the server ships every one or none.
 */
export function StoreOrderBulk({ chosen, onClear }: { chosen: readonly ChosenOrder[]; onClear: () => void }) {
  const headingId = useId();
  const ship = useShipOrders();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [shipped, setShipped] = useState<string>();

  const refusals = shipmentRefusalsOf(ship.error);
  const code = ship.error instanceof ApiError ? ship.error.code : undefined;
  const submit = async () => {
    setShipped(undefined);
    try {
      const answer = await ship.mutateAsync({
        carrier,
        shipments: chosen.map((order) => ({ orderId: order.id, trackingNumber: tracking[order.id] ?? '' })),
      });
      setShipped(
        `${ordersText(answer.orders.length)} shipped with ${carrier}. Each shopper has been sent their tracking link.`,
      );
      setTracking({});
      onClear();
    } catch {
      // The refusal is shown from the mutation's error below.
    }
  };

  return (
    <Panel
      headingId={headingId}
      title={chosen.length === 0 ? 'No order chosen' : `${ordersText(chosen.length)} chosen`}
      tone="brand"
      gap={4}
      actions={
        chosen.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            <Link
              to={packingSlipHref(chosen.map((order) => order.id))}
              className={buttonClasses('secondary')}
            >
              Print packing slips
            </Link>
            <Button variant="secondary" onClick={onClear}>
              Clear the choice
            </Button>
          </div>
        ) : null
      }
    >
      <p role="status" className="text-sm font-semibold">
        {shipped ?? ''}
      </p>
      {chosen.length === 0 ? (
        <p className="text-sm">
          Choose orders in the list to print their packing slips or mark them as shipped.
        </p>
      ) : (
        <form
          aria-label="Mark the chosen orders as shipped"
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <CarrierField
            value={carrier}
            onChange={setCarrier}
            error={code === 'order/invalid_carrier' ? messageForError(ship.error) : undefined}
            className="sm:max-w-xs"
          />
          <ul className="grid gap-3 sm:grid-cols-2">
            {chosen.map((order) => (
              <li key={order.id}>
                <TextField
                  label={`Tracking number for ${order.orderRef}`}
                  value={tracking[order.id] ?? ''}
                  onChange={(event) =>
                    setTracking((current) => ({ ...current, [order.id]: event.target.value }))
                  }
                  maxLength={100}
                  autoComplete="off"
                  error={refusals.find((refusal) => refusal.orderId === order.id)?.message}
                />
              </li>
            ))}
          </ul>
          <SubmitButton className="self-start" pending={ship.isPending} pendingLabel="Shipping…">
            {`Mark ${ordersText(chosen.length)} as shipped`}
          </SubmitButton>
          {ship.isError && code !== 'order/invalid_carrier' ? (
            <Alert>
              <p>{messageForError(ship.error)}</p>
              {refusals.length > 0 ? (
                <ul className="mt-2 list-disc ps-5">
                  {refusals.map((refusal) => (
                    <li key={refusal.orderId}>
                      {refusal.orderRef ?? 'An order that no longer exists'}: {refusal.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
        </form>
      )}
    </Panel>
  );
}

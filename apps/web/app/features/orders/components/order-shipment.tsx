import type { Order } from '@crossbuy/core/order';
import { textLinkClasses } from '../../../components/ui/button';

/**
 * Who carries a shipped order and its tracking number, linked to the carrier's tracking page. An order
 * shipped before carriers were recorded has its tracking number alone.
 */
export function OrderShipment({
  order,
}: {
  order: Pick<Order, 'carrier' | 'trackingNumber' | 'trackingUrl'>;
}) {
  if (!order.trackingNumber) return null;
  const number = <span className="font-mono font-semibold">{order.trackingNumber}</span>;
  return (
    <p className="text-sm break-words" data-testid="order-shipment">
      {order.carrier ? (
        <>
          Shipped with <strong>{order.carrier}</strong>.{' '}
        </>
      ) : null}
      Tracking number:{' '}
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className={textLinkClasses}>
          {number}
          <span className="sr-only">
            {' '}
            (opens {order.carrier ?? 'the carrier'}’s tracking page in a new tab)
          </span>
        </a>
      ) : (
        number
      )}
    </p>
  );
}

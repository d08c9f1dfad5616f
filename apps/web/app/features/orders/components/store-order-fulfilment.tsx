import type { StoreOrder } from '@crossbuy/core/order';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { OrderAddresses } from './order-address';
import { OrderShipment } from './order-shipment';
import { StoreOrderLines } from './store-order-lines';

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function packingSlipHref(orderIds: readonly string[]): string {
  return `/admin/orders/packing-slip?ids=${orderIds.map(encodeURIComponent).join(',')}`;
}

/** What the store needs to pack and send the order: its lines, where it goes, the notes and the shipment. */
export function StoreOrderFulfilment({ order }: { order: StoreOrder }) {
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <Panel
        title="Items"
        action={
          <Link to={packingSlipHref([order.id])} className={buttonClasses('secondary')}>
            Print packing slip
          </Link>
        }
      >
        <p className="text-sm text-muted">
          {order.lines.length === 1 ? '1 line' : `${order.lines.length} lines`},{' '}
          {units === 1 ? '1 unit' : `${units} units`} to pack
        </p>
        <StoreOrderLines order={order} />
      </Panel>
      <OrderAddresses order={order} Panel={Panel} />
      <Panel title="Order notes">
        {order.notes ? (
          <p className="text-sm break-words whitespace-pre-wrap">{order.notes}</p>
        ) : (
          <p className="text-sm text-muted">The shopper left no notes.</p>
        )}
      </Panel>
      {order.trackingNumber ? (
        <Panel title="Shipment">
          <OrderShipment order={order} />
        </Panel>
      ) : null}
    </>
  );
}

import { formatStoreDate } from '@crossbuy/core/dates';
import { lineOrigin, PACKING_SLIP_MAX_ORDERS, pickList, type StoreOrder } from '@crossbuy/core/order';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { usePackingSlips } from '../api/fulfilment-api';
import { AddressLetter, BillingAddress } from './order-address';

/** The order ids a packing-slip address names (`?ids=a,b`), each once, as many as one page prints. */
export function packingSlipIdsFrom(search: URLSearchParams): string[] {
  const ids = search
    .getAll('ids')
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)].slice(0, PACKING_SLIP_MAX_ORDERS);
}

/** A printed table's column heading; a column of numbers lines up at its end, as its figures do. */
function ColumnHeading({ numbers = false, children }: { numbers?: boolean; children: ReactNode }) {
  return (
    <th scope="col" className={`p-2 ${numbers ? 'text-end' : 'text-start'}`}>
      {children}
    </th>
  );
}

function PickList({ orders }: { orders: readonly StoreOrder[] }) {
  const entries = pickList(orders);
  const units = entries.reduce((sum, entry) => sum + entry.quantity, 0);
  return (
    <section aria-labelledby="pick-list-heading" className="flex flex-col gap-3 print:break-after-page">
      <h2 id="pick-list-heading" className="text-xl font-bold">
        Pick list: {units} units for {orders.length} orders
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Every item to fetch for these orders, with how many</caption>
          <thead>
            <tr className="border-b border-line text-start">
              <ColumnHeading>Item</ColumnHeading>
              <ColumnHeading numbers>Quantity</ColumnHeading>
              <ColumnHeading>For orders</ColumnHeading>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={`${entry.name}|${entry.variantLabel}|${entry.orderRefs.join()}`}
                className="border-b border-line align-top"
              >
                <td className="p-2">
                  <span className="block font-semibold break-words">{entry.name}</span>
                  {entry.variantLabel ? <span className="block">{entry.variantLabel}</span> : null}
                  <span className="block text-xs text-muted">{entry.origin}</span>
                </td>
                <td className="p-2 text-end text-base font-bold">{entry.quantity}</td>
                <td className="p-2 font-mono text-xs">{entry.orderRefs.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PackingSlip({ order, first }: { order: StoreOrder; first: boolean }) {
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const headingId = `slip-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6 print:rounded-none print:border-0 print:p-0 ${
        first ? '' : 'print:break-before-page'
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Packing slip · Order <span className="font-mono">{order.orderRef}</span>
        </h2>
        <p className="text-sm">Placed {formatStoreDate(order.placedAt)}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label={`Deliver order ${order.orderRef} to`}>
          <h3 className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted">Deliver to</h3>
          <AddressLetter address={order.shippingAddress} />
        </section>
        <section aria-label={`Bill order ${order.orderRef} to`}>
          <h3 className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted">Bill to</h3>
          <BillingAddress order={order} />
          <p className="mt-2 text-sm break-all">
            {order.shopper.name} · {order.shopper.email}
          </p>
        </section>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="text-start text-sm text-muted">
            {order.lines.length === 1 ? '1 line' : `${order.lines.length} lines`},{' '}
            {units === 1 ? '1 unit' : `${units} units`}
          </caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="w-10 p-2 text-start">
                <span className="sr-only">Packed</span>
                <span aria-hidden="true">✓</span>
              </th>
              <ColumnHeading>Item</ColumnHeading>
              <ColumnHeading numbers>Qty</ColumnHeading>
              <ColumnHeading>Shopper’s message</ColumnHeading>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const origin = lineOrigin(line);
              return (
                <tr key={line.id} className="border-b border-line align-top">
                  <td className="p-2">
                    <span aria-hidden="true" className="inline-block size-5 border-2 border-ink" />
                  </td>
                  <td className="p-2">
                    <div className="flex gap-2">
                      <span className="hidden sm:block print:hidden">
                        <LineThumbnail image={line.capture.mainImage} size={56} />
                      </span>
                      <div className="min-w-0">
                        <span className="block font-semibold break-words">{line.capture.name}</span>
                        {line.capture.variantLabel ? (
                          <span className="block">{line.capture.variantLabel}</span>
                        ) : null}
                        <span className="block text-xs text-muted">{origin.label}</span>
                        {origin.sellerUrl ? (
                          <a
                            href={origin.sellerUrl}
                            target="_blank"
                            rel="noopener noreferrer nofollow"
                            className={`${textLinkClasses} block text-xs break-all`}
                          >
                            {origin.sellerUrl}
                          </a>
                        ) : null}
                      </div>
                    </div>
                  </td>
                  <td className="p-2 text-end text-base font-bold">{line.quantity}</td>
                  <td className="p-2 break-words whitespace-pre-wrap">{line.message || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <section aria-label={`Notes of order ${order.orderRef}`} className="text-sm">
        <h3 className="mb-1 font-semibold uppercase tracking-wide text-muted">Order notes</h3>
        <p className="break-words whitespace-pre-wrap">{order.notes || 'None'}</p>
      </section>
    </article>
  );
}

/**
 * The packing slips of the chosen orders, one to a sheet, with a pick list first when there are several. On
 * paper the page holds the slips alone: app.css hides the site's chrome around `.packing-slips`.
 */
export function PackingSlips({ orderIds }: { orderIds: readonly string[] }) {
  const slips = usePackingSlips(orderIds);
  return (
    <div className="packing-slips mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="print-hidden flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">
            {orderIds.length === 1 ? 'Packing slip' : `Packing slips for ${orderIds.length} orders`}
          </h1>
          <Link to="/admin/orders" className={`${textLinkClasses} text-sm`}>
            Back to the order desk
          </Link>
        </div>
        <Button onClick={() => window.print()} disabled={!slips.isSuccess}>
          Print
        </Button>
      </div>
      {orderIds.length === 0 ? (
        <Alert>Choose the orders to pack on the order desk first.</Alert>
      ) : slips.isPending ? (
        <Loading>Loading the orders…</Loading>
      ) : slips.isError ? (
        <LoadFailure what="the orders" error={slips.error} onRetry={() => void slips.refetch()} />
      ) : (
        <>
          {slips.data.length > 1 ? <PickList orders={slips.data} /> : null}
          {slips.data.map((order, index) => (
            <PackingSlip key={order.id} order={order} first={index === 0} />
          ))}
        </>
      )}
    </div>
  );
}

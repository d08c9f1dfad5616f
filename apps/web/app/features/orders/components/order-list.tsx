import { formatStoreDate } from '@crossbuy/core/dates';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@crossbuy/core/order';
import { orderItemsSummary } from '@crossbuy/core/order-words';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { EmptyCard } from '../../../components/ui/page-states';
import { PagedList } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { TabLinks } from '../../../components/ui/tab-links';
import { TitledPage } from '../../../components/ui/titled-page';
import { ORDER_PAGE_SIZE, useOrderList } from '../api/orders-api';
import { OrderStatusBadge } from './order-status-badge';

export function isOrderStatus(value: string | null): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '');
}

const hrefFor = (status: OrderStatus | null, page = 1) => listPageHref('/orders', { status }, page);

function unreadText(count: number): string {
  return count === 1 ? '1 new message' : `${count} new messages`;
}

/** The shopper's orders, newest first, by status. */
export function OrderList({ status, page }: { status: OrderStatus | null; page: number }) {
  const list = useOrderList(status, page);

  return (
    <TitledPage headingId="orders-heading" title="Your orders" width="max-w-3xl">
      <TabLinks
        label="Orders by status"
        layout="scroll"
        values={[null, ...ORDER_STATUSES]}
        current={status}
        labelOf={(each) => (each === null ? 'All' : ORDER_STATUS_LABELS[each])}
        hrefFor={hrefFor}
      />

      <PagedList
        list={list}
        rows="orders"
        noun="your orders"
        empty={
          <EmptyCard
            title={
              status === null
                ? 'You have no orders yet'
                : `No orders are ${ORDER_STATUS_LABELS[status].toLowerCase()}`
            }
          >
            <p className="text-muted">Items you check out from your cart or your quotations show here.</p>
            <Link to="/cart" className={buttonClasses('secondary')}>
              Go to your cart
            </Link>
          </EmptyCard>
        }
        page={page}
        pageSize={ORDER_PAGE_SIZE}
        hrefFor={(next) => hrefFor(status, next)}
      >
        {(rows) => (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-white" aria-label="Orders">
            {rows.map((order) => (
              <li key={order.id} aria-label={`Order ${order.orderRef}`} className="flex gap-3 p-4">
                <LineThumbnail image={order.firstItem?.mainImage} size={64} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={`/orders/${order.id}`} className="font-semibold hover:underline">
                      Order {order.orderRef}
                    </Link>
                    <Price value={order.total} className="font-semibold" />
                  </div>
                  <p className="break-words text-sm text-muted">{orderItemsSummary(order)}</p>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span>Placed {formatStoreDate(order.placedAt)}</span>
                    <OrderStatusBadge status={order.status} />
                    {order.unreadMessages > 0 ? (
                      <span className="rounded-full bg-danger-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {unreadText(order.unreadMessages)}
                      </span>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </TitledPage>
  );
}

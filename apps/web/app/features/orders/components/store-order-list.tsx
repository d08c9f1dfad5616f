import { formatStoreDate } from '@crossbuy/core/dates';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@crossbuy/core/order';
import { orderItemsSummary } from '@crossbuy/core/order-words';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadLink } from '../../../components/ui/download-link';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../../components/ui/filter-bar';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { labelledOptions } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TitledPage } from '../../../components/ui/titled-page';
import { STORE_ORDER_PAGE_SIZE, type StoreOrderFilter, useStoreOrderList } from '../api/store-orders-api';
import { OrderStatusBadge } from './order-status-badge';
import { type ChosenOrder, StoreOrderBulk } from './store-order-bulk';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const DESK_COLUMNS = [
  { label: 'Choose' },
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Placed' },
  { label: 'Status' },
  { label: 'Total', align: 'end' },
] as const;

/** The order desk's filter as the URL states it; anything it cannot read is left out. */
export function storeOrderFilterFrom(search: URLSearchParams): StoreOrderFilter {
  const text = (name: string) => search.get(name)?.trim() || null;
  const status = text('status');
  const paymentMethod = text('paymentMethod');
  const day = (name: string) => {
    const value = text(name);
    return value !== null && DAY.test(value) ? value : null;
  };
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(paymentMethod ?? '')
      ? (paymentMethod as PaymentMethod)
      : null,
    placedFrom: day('placedFrom'),
    placedTo: day('placedTo'),
    q: text('q')?.slice(0, 100) ?? null,
  };
}

function hrefFor(filter: StoreOrderFilter, page = 1): string {
  return listPageHref('/admin/orders', filter, page);
}

function unreadText(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

/** The store's order desk: every shopper's orders, newest first, narrowed by the filter. */
export function StoreOrderList({ filter, page }: { filter: StoreOrderFilter; page: number }) {
  const list = useStoreOrderList(filter, page);
  const filtered = Object.values(filter).some((value) => value !== null);
  // Chosen orders stay chosen across pages and filters, so a day's parcels can be gathered from several.
  const [chosen, setChosen] = useState<ChosenOrder[]>([]);
  const isChosen = (id: string) => chosen.some((order) => order.id === id);
  const toggle = (order: ChosenOrder, on: boolean) =>
    setChosen((current) =>
      on
        ? [...current.filter((other) => other.id !== order.id), order]
        : current.filter((other) => other.id !== order.id),
    );
  const pageOrders = list.data?.orders ?? [];
  const wholePageChosen = pageOrders.length > 0 && pageOrders.every((order) => isChosen(order.id));
  const choosePage = (on: boolean) =>
    setChosen((current) => {
      const others = current.filter((order) => !pageOrders.some((listed) => listed.id === order.id));
      return on ? [...others, ...pageOrders.map(({ id, orderRef }) => ({ id, orderRef }))] : others;
    });

  return (
    <TitledPage headingId="desk-heading" title="Order desk" width="max-w-6xl">
      <FilterBar
        action="/admin/orders"
        label="Find orders"
        clearLabel="Show every order"
        filtered={filtered}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        actionsClassName="flex flex-wrap gap-3 lg:col-span-6"
        moreActions={
          // What the desk shows, every page of it, for the accounts: the filters as the URL states them.
          <DownloadLink href={listPageHref('/api/admin/orders/export', filter)}>
            Export these orders (CSV)
          </DownloadLink>
        }
      >
        <SearchFilter label="Reference, email or name" name="q" value={filter.q} className="lg:col-span-2" />
        <ChoiceFilter
          label="Status"
          name="status"
          value={filter.status}
          options={labelledOptions(ORDER_STATUSES, ORDER_STATUS_LABELS)}
        />
        <ChoiceFilter
          label="Payment"
          name="paymentMethod"
          value={filter.paymentMethod}
          options={labelledOptions(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
        />
        <TextField label="Placed from" name="placedFrom" type="date" defaultValue={filter.placedFrom ?? ''} />
        <TextField label="Placed until" name="placedTo" type="date" defaultValue={filter.placedTo ?? ''} />
      </FilterBar>

      <PagedTable
        list={list}
        rows="orders"
        noun="orders"
        empty={<EmptyList>{filtered ? 'No order matches.' : 'No orders have been placed yet.'}</EmptyList>}
        above={() => (
          <>
            <StoreOrderBulk chosen={chosen} onClear={() => setChosen([])} />
            <label className="flex min-h-11 items-center gap-2 self-start text-sm font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={wholePageChosen}
                onChange={(event) => choosePage(event.target.checked)}
              />
              Choose every order on this page
            </label>
          </>
        )}
        caption={(range) => `Orders ${range}, newest first`}
        columns={DESK_COLUMNS}
        cells={(order) => (
          <>
            <td className="p-1">
              <label className="flex size-11 items-center justify-center">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={isChosen(order.id)}
                  onChange={(event) =>
                    toggle({ id: order.id, orderRef: order.orderRef }, event.target.checked)
                  }
                />
                <span className="sr-only">Choose order {order.orderRef}</span>
              </label>
            </td>
            <td className="p-3">
              <Link to={`/admin/orders/${order.id}`} className="font-semibold whitespace-nowrap underline">
                {order.orderRef}
              </Link>
              <p className="text-muted">{orderItemsSummary(order)}</p>
              {order.unreadMessages > 0 ? (
                <p className="font-semibold text-danger-700">{unreadText(order.unreadMessages)}</p>
              ) : null}
            </td>
            <td className="p-3">
              <p>{order.customer.name}</p>
              <p className="break-all text-muted">{order.customer.email}</p>
            </td>
            <td className="whitespace-nowrap p-3">{formatStoreDate(order.placedAt)}</td>
            <td className="p-3">
              <OrderStatusBadge status={order.status} />
              <p className="mt-1 text-muted">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
            </td>
            <td className="p-3 text-end">
              <Price value={order.total} className="font-semibold" />
            </td>
          </>
        )}
        page={page}
        pageSize={STORE_ORDER_PAGE_SIZE}
        hrefFor={(next) => hrefFor(filter, next)}
      />
    </TitledPage>
  );
}

import { formatPhoneNumber } from '@crossbuy/core/address';
import { CUSTOMER_STATUSES, type CustomerStatus } from '@crossbuy/core/customer';
import { formatStoreDate } from '@crossbuy/core/dates';
import { Link } from 'react-router';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../../components/ui/filter-bar';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { labelledOptions } from '../../../components/ui/select-field';
import { TitledPage } from '../../../components/ui/titled-page';
import { CUSTOMER_PAGE_SIZE, type CustomerFilter, useCustomerList } from '../api/customers-api';
import { CUSTOMER_STATUS_LABELS, CustomerStatusBadge } from './customer-status';

const CUSTOMER_COLUMNS = [
  { label: 'Customer' },
  { label: 'Phone' },
  { label: 'Status' },
  { label: 'Joined' },
  { label: 'Orders', align: 'end' },
] as const;

/** The customer list's filter as the URL states it; anything it cannot read is left out. */
export function customerFilterFrom(search: URLSearchParams): CustomerFilter {
  const q = search.get('q')?.trim().slice(0, 100) || null;
  const status = search.get('status');
  return {
    q,
    status: (CUSTOMER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CustomerStatus)
      : null,
  };
}

function hrefFor(filter: CustomerFilter, page = 1): string {
  return listPageHref('/admin/customers', filter, page);
}

function ordersText(count: number, lastOrderAt: string | null): string {
  if (count === 0 || lastOrderAt === null) return 'None yet';
  return `${count}, last on ${formatStoreDate(lastOrderAt)}`;
}

/** The store's customers, newest first, found by email, name or phone number and narrowed by status. */
export function CustomerList({ filter, page }: { filter: CustomerFilter; page: number }) {
  const list = useCustomerList(filter, page);
  const filtered = filter.q !== null || filter.status !== null;

  return (
    <TitledPage headingId="customers-heading" title="Customers" width="max-w-6xl">
      <FilterBar
        action="/admin/customers"
        label="Find customers"
        clearLabel="Show every customer"
        filtered={filtered}
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
        actionsClassName="flex flex-wrap gap-3 sm:col-span-3"
      >
        <SearchFilter label="Email, name or phone" name="q" value={filter.q} className="sm:col-span-2" />
        <ChoiceFilter
          label="Status"
          name="status"
          value={filter.status}
          options={labelledOptions(CUSTOMER_STATUSES, CUSTOMER_STATUS_LABELS)}
        />
      </FilterBar>

      <div aria-live="polite" className="sr-only">
        {list.isSuccess ? `${list.data.total} ${list.data.total === 1 ? 'customer' : 'customers'} found` : ''}
      </div>
      <PagedTable
        list={list}
        rows="customers"
        noun="customers"
        empty={<EmptyList>{filtered ? 'No customer matches.' : 'Nobody has signed up yet.'}</EmptyList>}
        caption={(range) => `Customers ${range}, newest first`}
        columns={CUSTOMER_COLUMNS}
        cells={(customer) => (
          <>
            <td className="p-3">
              <Link to={`/admin/customers/${customer.id}`} className="font-semibold underline">
                {customer.name}
              </Link>
              <p className="break-all text-muted">{customer.email}</p>
            </td>
            <td className="whitespace-nowrap p-3">
              {customer.phoneNumber ? formatPhoneNumber(customer.phoneNumber) : '—'}
            </td>
            <td className="p-3">
              <CustomerStatusBadge status={customer.status} />
            </td>
            <td className="whitespace-nowrap p-3">{formatStoreDate(customer.createdAt)}</td>
            <td className="p-3 text-end">{ordersText(customer.orderCount, customer.lastOrderAt)}</td>
          </>
        )}
        page={page}
        pageSize={CUSTOMER_PAGE_SIZE}
        hrefFor={(next) => hrefFor(filter, next)}
      />
    </TitledPage>
  );
}

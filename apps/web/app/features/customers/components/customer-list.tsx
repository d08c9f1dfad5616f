import { formatPhoneNumber } from '@crossbuy/core/address';
import { CUSTOMER_STATUSES, type CustomerStatus } from '@crossbuy/core/customer';
import { formatStoreDate } from '@crossbuy/core/dates';
import { Form, Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { EmptyList, LoadFailure } from '../../../components/ui/page-states';
import { listPageHref, Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
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
    <section
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10"
      aria-labelledby="customers-heading"
    >
      <h1 id="customers-heading" className="text-3xl font-bold tracking-tight">
        Customers
      </h1>
      <Form
        method="get"
        action="/admin/customers"
        role="search"
        aria-label="Find customers"
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
      >
        <TextField
          label="Email, name or phone"
          name="q"
          type="search"
          defaultValue={filter.q ?? ''}
          maxLength={100}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <SelectField
          label="Status"
          name="status"
          defaultValue={filter.status ?? ''}
          placeholder="Any"
          options={CUSTOMER_STATUSES.map((status) => ({
            value: status,
            label: CUSTOMER_STATUS_LABELS[status],
          }))}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-3">
          <Button type="submit">Find customers</Button>
          {filtered ? (
            <Link to="/admin/customers" className={buttonClasses('secondary')}>
              Show every customer
            </Link>
          ) : null}
        </div>
      </Form>

      <div aria-live="polite" className="sr-only">
        {list.isSuccess ? `${list.data.total} ${list.data.total === 1 ? 'customer' : 'customers'} found` : ''}
      </div>
      {list.isPending ? (
        <Loading>Loading customers…</Loading>
      ) : list.isError ? (
        <LoadFailure what="the customers" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.customers.length === 0 ? (
        <EmptyList>{filtered ? 'No customer matches.' : 'Nobody has signed up yet.'}</EmptyList>
      ) : (
        <>
          <DataTable
            caption={`Customers ${(page - 1) * CUSTOMER_PAGE_SIZE + 1} to ${(page - 1) * CUSTOMER_PAGE_SIZE + list.data.customers.length} of ${list.data.total}, newest first`}
            columns={CUSTOMER_COLUMNS}
          >
            {list.data.customers.map((customer) => (
              <tr key={customer.id} className="align-top">
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
              </tr>
            ))}
          </DataTable>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(list.data.total / CUSTOMER_PAGE_SIZE))}
            hrefFor={(next) => hrefFor(filter, next)}
          />
        </>
      )}
    </section>
  );
}

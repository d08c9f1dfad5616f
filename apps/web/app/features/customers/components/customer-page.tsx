import { formatAddressLines, formatPhoneNumber } from '@crossbuy/core/address';
import type { CustomerDetail, CustomerQuotation } from '@crossbuy/core/customer';
import { formatStoreDate, formatStoreDateTime } from '@crossbuy/core/dates';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { Price } from '../../../components/ui/price';
import { RecordPage } from '../../../components/ui/record-page';
import { OrderStatusBadge } from '../../orders/components/order-status-badge';
import { useCustomer } from '../api/customers-api';
import { CustomerBlacklisting } from './customer-blacklisting';
import { CustomerStatusBadge } from './customer-status';

const QUOTATION_STATUS_LABELS: Record<CustomerQuotation['status'], string> = {
  pending: 'Waiting for a quote',
  resolved: 'Quoted',
  declined: 'Declined',
  ordered: 'Ordered',
};

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-2xl border border-line bg-white p-4 text-muted">{children}</p>;
}

function Profile({ customer }: { customer: CustomerDetail }) {
  const rows: [string, string][] = [
    ['Email', `${customer.email}${customer.emailVerified ? '' : ' (not verified)'}`],
    ['Phone', customer.phoneNumber ? formatPhoneNumber(customer.phoneNumber) : 'Not given'],
    ['Country', customer.country ?? 'Not given'],
    ['Born', customer.birthDate ?? 'Not given'],
    ['Two-factor', customer.tfaEnabled ? 'On' : 'Off'],
    ['Joined', formatStoreDateTime(customer.createdAt)],
    ['Accepted the terms', customer.acceptedTermsAt ? formatStoreDate(customer.acceptedTermsAt) : 'Not yet'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-2xl border border-line bg-white p-4 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="mb-2 break-all sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One customer for the store: who they are, where they ship to, what they ordered and asked to be quoted. */
export function CustomerPage({ customerId }: { customerId: string }) {
  const query = useCustomer(customerId);
  if (query.isPending) return <PageLoading>Loading the customer…</PageLoading>;
  if (query.isError)
    return <PageError error={query.error} backTo="/admin/customers" backLabel="Back to the customers" />;
  const customer = query.data;
  const name = `${customer.firstName} ${customer.lastName}`.trim();

  return (
    <RecordPage
      titleId="customer-title"
      title={name}
      backTo="/admin/customers"
      backLabel="Back to the customers"
      width="4xl"
      summary={
        <div>
          <CustomerStatusBadge status={customer.status} />
        </div>
      }
    >
      <Panel id="profile-heading" title="Profile">
        <Profile customer={customer} />
      </Panel>

      <CustomerBlacklisting customer={customer} />

      <Panel id="addresses-heading" title="Addresses">
        {customer.addresses.length === 0 ? (
          <Empty>No address saved.</Empty>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id} className="rounded-2xl border border-line bg-white p-4 text-sm">
                {address.main ? <p className="mb-1 font-semibold">Main address</p> : null}
                <address className="not-italic">
                  {formatAddressLines(address, address.country).map((line) => (
                    <span key={line} className="block break-words">
                      {line}
                    </span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="orders-heading" title={`Orders (${customer.orderCount})`}>
        {customer.orders.length === 0 ? (
          <Empty>No orders yet.</Empty>
        ) : (
          <DataTable
            caption={`The customer's latest ${customer.orders.length} of ${customer.orderCount} orders, newest first`}
            columns={[
              { label: 'Order' },
              { label: 'Placed' },
              { label: 'Status' },
              { label: 'Total', align: 'end' },
            ]}
          >
            {customer.orders.map((order) => (
              <tr key={order.id} className="align-top">
                <td className="p-3">
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="font-semibold whitespace-nowrap underline"
                  >
                    {order.orderRef}
                  </Link>
                </td>
                <td className="whitespace-nowrap p-3">{formatStoreDate(order.placedAt)}</td>
                <td className="p-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="p-3 text-end">
                  <Price value={order.total} className="font-semibold" />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {customer.orderCount > customer.orders.length ? (
          <Link
            to={`/admin/orders?q=${encodeURIComponent(customer.email)}`}
            className={`${textLinkClasses} self-start text-sm`}
          >
            Every order of {customer.email} at the order desk
          </Link>
        ) : null}
      </Panel>

      <Panel id="quotations-heading" title={`Quotations (${customer.quotationCount})`}>
        {customer.quotations.length === 0 ? (
          <Empty>No quotations asked for.</Empty>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white">
            {customer.quotations.map((item) => (
              <li key={item.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:justify-between">
                <span className="break-words">
                  <span className="font-semibold">{item.name}</span> × {item.quantity}
                  {item.productUrl ? (
                    <span className="block break-all text-muted">{item.productUrl}</span>
                  ) : null}
                </span>
                <span className="whitespace-nowrap">
                  {QUOTATION_STATUS_LABELS[item.status]} · {formatStoreDate(item.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </RecordPage>
  );
}

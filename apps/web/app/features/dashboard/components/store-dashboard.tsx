import { formatStoreDate } from '@crossbuy/core/dates';
import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  formatMoney,
  type Money,
  minorUnitDigits,
} from '@crossbuy/core/money';
import type { Dashboard, DashboardDay } from '@crossbuy/core/staff';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { Panel } from '../../../components/ui/panel';
import { useDashboard } from '../api/dashboard-api';
import { DaysChart } from './days-chart';

/** The back office's first page: today's figures, what waits for the staff, and the last 30 days. */
export function StoreDashboard() {
  const dashboard = useDashboard();
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-6">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      {dashboard.isPending ? (
        <Loading>Loading the dashboard…</Loading>
      ) : dashboard.isError ? (
        <LoadFailure what="the dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardFigures dashboard={dashboard.data} />
      )}
    </section>
  );
}

const cardClasses =
  'flex min-h-28 flex-col justify-between gap-2 rounded-2xl border border-line bg-white p-4';
const cardLinkClasses = `${cardClasses} hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2`;

function Figure({ value, label }: { value: ReactNode; label: string }) {
  return (
    <>
      <span className="text-3xl font-bold tabular-nums">{value}</span>
      <span className="text-sm font-semibold text-muted">{label}</span>
    </>
  );
}

/** A figure that opens the list behind it, such as today's orders on the order desk. */
function FigureLink({ to, value, label }: { to: string; value: ReactNode; label: string }) {
  return (
    <li>
      <Link to={to} className={cardLinkClasses}>
        <Figure value={value} label={label} />
      </Link>
    </li>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Revenue({ revenue }: { revenue: readonly Money[] }) {
  if (revenue.length === 0) return <>{formatMoney({ amountMinor: 0, currency: DEFAULT_CURRENCY })}</>;
  return (
    <span className="flex flex-col">
      {revenue.map((money) => (
        <span key={money.currency}>{formatMoney(money)}</span>
      ))}
    </span>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { today, awaitingShipment } = dashboard;
  return (
    <>
      <p className="text-sm text-muted">
        Today is {formatStoreDate(today.date)}, Singapore time; the days below are Singapore days.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FigureLink to="/admin/orders" value={today.orders} label="Orders placed today" />
        <FigureLink
          to="/admin/orders"
          value={<Revenue revenue={today.revenue} />}
          label="Revenue today, net of refunds"
        />
        <li className={cardClasses}>
          <Figure
            value={awaitingShipment.paid + awaitingShipment.processing}
            label="Orders waiting to ship"
          />
          <span className="flex flex-wrap gap-x-4 text-sm">
            <Link to="/admin/orders?status=paid" className="font-semibold text-brand-800 underline">
              {plural(awaitingShipment.paid, 'paid', 'paid')}
            </Link>
            <Link to="/admin/orders?status=processing" className="font-semibold text-brand-800 underline">
              {plural(awaitingShipment.processing, 'processing', 'processing')}
            </Link>
          </span>
        </li>
        <FigureLink to="/admin/quotations" value={dashboard.pendingQuotations} label="Quotations to answer" />
        <FigureLink
          to="/admin/orders"
          value={dashboard.unreadChats}
          label="Orders with unread messages from shoppers"
        />
      </ul>
      <LastDays days={dashboard.days} />
    </>
  );
}

/** The currency most of the period's revenue came in: the chart draws that one, the table every one. */
export function chartCurrencyOf(days: readonly DashboardDay[]): CurrencyCode {
  const totals = new Map<CurrencyCode, number>();
  for (const day of days) {
    for (const money of day.revenue) {
      totals.set(
        money.currency,
        (totals.get(money.currency) ?? 0) + money.amountMinor / 10 ** minorUnitDigits(money.currency),
      );
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? DEFAULT_CURRENCY;
}

/** Every currency's revenue over `days`, largest first by amount in its own units. */
function revenueOver(days: readonly DashboardDay[]): Money[] {
  const totals = new Map<CurrencyCode, number>();
  for (const day of days) {
    for (const money of day.revenue)
      totals.set(money.currency, (totals.get(money.currency) ?? 0) + money.amountMinor);
  }
  return [...totals].map(([currency, amountMinor]) => ({ amountMinor, currency }));
}

/** One sentence that says what the chart shows, for everyone and first of all for screen readers. */
export function summaryOf(days: readonly DashboardDay[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const revenue = revenueOver(days);
  const busiest = days.reduce((best, day) => (day.orders > best.orders ? day : best), first);
  const span = `From ${formatStoreDate(first.date)} to ${formatStoreDate(last.date)}`;
  if (orders === 0) return `${span}: no orders.`;
  const earned =
    revenue.length === 0 ? 'no revenue yet' : `${revenue.map(formatMoney).join(' and ')} of revenue`;
  return `${span}: ${plural(orders, 'order', 'orders')} and ${earned}. The busiest day was ${formatStoreDate(busiest.date)} with ${plural(busiest.orders, 'order', 'orders')}.`;
}

function LastDays({ days }: { days: readonly DashboardDay[] }) {
  const currency = chartCurrencyOf(days);
  return (
    <Panel headingId="days-heading" title="The last {days.length} days">
      <p>{summaryOf(days)}</p>
      <DaysChart days={days} currency={currency} />
      <p className="text-sm text-muted">Bars: orders per day. Line: revenue in {currency} per day.</p>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          The {days.length} days as a table
        </summary>
        <DataTable
          caption={`Orders and revenue per day, the last ${days.length} days, oldest first`}
          columns={[
            { label: 'Day' },
            { label: 'Orders', align: 'end' },
            { label: 'Net revenue', align: 'end' },
          ]}
        >
          {days.map((day) => (
            <tr key={day.date}>
              <td className="whitespace-nowrap p-3">{formatStoreDate(day.date)}</td>
              <td className="p-3 text-end tabular-nums">{day.orders}</td>
              <td className="p-3 text-end tabular-nums">
                {day.revenue.length === 0 ? '–' : day.revenue.map(formatMoney).join(', ')}
              </td>
            </tr>
          ))}
        </DataTable>
      </details>
    </Panel>
  );
}

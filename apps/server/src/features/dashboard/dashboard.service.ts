import { daysEndingWith, STORE_TIME_ZONE, storeDayOf } from '@crossbuy/core/dates';
import type { CurrencyCode, Money } from '@crossbuy/core/money';
import { DASHBOARD_DAYS, type Dashboard, type DashboardDay } from '@crossbuy/core/staff';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { storeDayOfColumn, storeDayStart } from '../../db/store-day.js';
import { orderRefunds } from '../orders/order-ledger.table.js';
import { orders } from '../orders/orders.table.js';
import { quotationItems } from '../quotations/quotations.table.js';

type DayRow = { day: string; currency: CurrencyCode; orders: number; revenue: number };
type CountsRow = { pending_quotations: number; paid: number; processing: number; unread_chats: number };

/**
 * What the store's day looks like: orders and revenue of today and of the last 30 store days (Singapore
 * days, see STORE_TIME_ZONE), and what waits for the staff. Revenue is net of refunds: a refund counts
 * against the day its order was placed, so each day says what its orders finally brought in. Two
 * statements: one groups the days' orders (a range on orders_placed_idx), the other counts what waits,
 * each count on an index of its own (the chats the store has not read on the partial
 * orders_store_unread_idx).
 */
export async function storeDashboard(db: Database, now: Date): Promise<Dashboard> {
  const days = daysEndingWith(storeDayOf(now), DASHBOARD_DAYS);
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const [dayRows, [counts]] = await Promise.all([
    queryRows<DayRow>(
      db,
      // Grouped by the day as a date and formatted once per group: to_char on each of the ~8,600 rows of
      // a busy month took a quarter of the statement's time.
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, orders, revenue FROM (
            SELECT ${storeDayOfColumn(orders.placedAt)} AS day,
                   ${orders.currency} AS currency,
                   count(*)::int AS orders,
                   coalesce(sum(${orders.totalMinor} - coalesce(refunded.amount, 0))
                     FILTER (WHERE ${orders.paidAt} IS NOT NULL AND ${orders.status} <> 'cancelled'), 0)::bigint AS revenue
              FROM ${orders}
              LEFT JOIN (SELECT ${orderRefunds.orderId} AS order_id, sum(${orderRefunds.amountMinor}) AS amount
                           FROM ${orderRefunds}
                          WHERE ${orderRefunds.status} = 'succeeded'
                          GROUP BY 1) AS refunded ON refunded.order_id = ${orders.id}
             WHERE ${orders.placedAt} >= ${storeDayStart(first)}
               AND ${orders.placedAt} < ${storeDayStart(last, 1)}
             GROUP BY 1, 2) AS days`,
    ),
    queryRows<CountsRow>(
      db,
      sql`SELECT
            (SELECT count(*)::int FROM ${quotationItems} WHERE ${quotationItems.status} = 'p') AS pending_quotations,
            (SELECT count(*)::int FROM ${orders} WHERE ${orders.status} = 'paid') AS paid,
            (SELECT count(*)::int FROM ${orders} WHERE ${orders.status} = 'processing') AS processing,
            (SELECT count(*)::int FROM ${orders}
              WHERE ${orders.shopperMessageAt} > coalesce(${orders.storeReadAt}, '-infinity'::timestamptz)) AS unread_chats`,
    ),
  ]);
  const byDay = new Map<string, DashboardDay>(days.map((date) => [date, { date, orders: 0, revenue: [] }]));
  for (const row of dayRows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    day.orders += row.orders;
    if (row.revenue > 0)
      day.revenue.push({ amountMinor: row.revenue, currency: row.currency } satisfies Money);
  }
  const series = [...byDay.values()].map((day) => ({
    ...day,
    revenue: day.revenue.sort((a, b) => a.currency.localeCompare(b.currency)),
  }));
  return {
    timeZone: STORE_TIME_ZONE,
    today: series[series.length - 1] as DashboardDay,
    pendingQuotations: counts?.pending_quotations ?? 0,
    unreadChats: counts?.unread_chats ?? 0,
    awaitingShipment: { paid: counts?.paid ?? 0, processing: counts?.processing ?? 0 },
    days: series,
  };
}

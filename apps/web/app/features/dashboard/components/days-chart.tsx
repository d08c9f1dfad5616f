import { formatStoreDate } from '@crossbuy/core/dates';
import { type CurrencyCode, formatMoney, minorUnitDigits } from '@crossbuy/core/money';
import type { DashboardDay } from '@crossbuy/core/staff';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useHydrated } from '../../../lib/use-hydrated';

const CHART_CLASSES = 'h-64 w-full';

/**
 * Orders per day as bars and revenue in `currency` as a line. Drawn in the browser only: the chart
 * measures its box, which the server cannot, so the server and the first render keep a box of the same
 * height (no layout shift, nothing to mismatch at hydration). The chart is a picture for sighted
 * readers; the summary and the table beside it say the same to everyone.
 */
export function DaysChart({ days, currency }: { days: readonly DashboardDay[]; currency: CurrencyCode }) {
  if (!useHydrated()) return <div className={CHART_CLASSES} aria-hidden="true" />;

  const scale = 10 ** minorUnitDigits(currency);
  const points = days.map((day) => ({
    day: formatStoreDate(day.date).slice(0, 5),
    orders: day.orders,
    revenue: (day.revenue.find((money) => money.currency === currency)?.amountMinor ?? 0) / scale,
  }));
  return (
    <div className={CHART_CLASSES} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {/* The picture is hidden from assistive technology, so nothing in it may take focus either
            (recharts' keyboard layer makes the chart a tab stop). */}
        <ComposedChart
          data={points}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="revenue" orientation="right" width={56} tick={{ fontSize: 12 }} />
          <Tooltip
            formatter={(value, name) =>
              name === 'revenue'
                ? [
                    formatMoney({ amountMinor: Math.round(Number(value) * scale), currency }),
                    `Revenue (${currency})`,
                  ]
                : [value, 'Orders']
            }
          />
          <Bar yAxisId="orders" dataKey="orders" name="orders" fill="#c7d2fe" />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name="revenue"
            stroke="#3730a3"
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

import { z } from 'zod';
import { STORE_TIME_ZONE } from '../dates/index.js';
import { moneySchema } from '../validation/wire.js';

export { STORE_TIME_ZONE };

/** How many days, today included, the dashboard's series covers. */
export const DASHBOARD_DAYS = 30;

/** The calendar day (YYYY-MM-DD) that `instant` falls on in the store's time zone. */
export function storeDayOf(instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The `count` calendar days that end with `lastDay` (YYYY-MM-DD), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One store day: the orders placed on it, and what the paid ones among them bring in, per currency. */
export const dashboardDaySchema = z.object({
  date: z.iso.date(),
  orders: z.int(),
  /** Orders placed that day whose payment arrived and which were not cancelled, one total per currency. */
  revenue: z.array(moneySchema),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  timeZone: z.string(),
  today: dashboardDaySchema,
  /** Quotation items waiting for the store's answer. */
  pendingQuotations: z.int(),
  /** Orders with chat messages from the shopper the store has not read. */
  unreadChats: z.int(),
  /** Paid orders not yet being prepared, and orders being prepared: both wait to be shipped. */
  awaitingShipment: z.object({ paid: z.int(), processing: z.int() }),
  /** The last {@link DASHBOARD_DAYS} store days, oldest first, today last; days without orders included. */
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

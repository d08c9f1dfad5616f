import { z } from 'zod';
import { moneySchema } from '../validation/wire.js';

/** How many days, today included, the dashboard's series covers. */
export const DASHBOARD_DAYS = 30;

/** One store day: the orders placed on it, and what they brought in net of refunds, per currency. */
export const dashboardDaySchema = z.object({
  date: z.iso.date(),
  orders: z.int(),
  /**
   * What the orders placed that day brought in, net of the money given back: the totals of the paid ones
   * not cancelled, less what was refunded of them, one total per currency.
   */
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

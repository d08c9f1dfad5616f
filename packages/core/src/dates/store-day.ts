/**
 * The store's own calendar and clock: "today", the dashboard's days, the order desk's date filters and the
 * times shoppers are told (until when a quote holds) are Singapore's. The store sells from Singapore and its
 * staff work there; Singapore keeps no daylight saving, so every store day has 24 hours. The server's SQL
 * reads the same zone (apps/server/src/db/store-day.ts).
 */
export const STORE_TIME_ZONE = 'Asia/Singapore';

/** What the store's zone is called where a time is shown: after the time, or once in a column's heading. */
export const STORE_TIME_NAME = 'Singapore time';

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

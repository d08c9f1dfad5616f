import { STORE_TIME_ZONE } from '@crossbuy/core/dates';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// The store day (STORE_TIME_ZONE) in SQL: every query that counts or filters by day splits the days where
// the dashboard does, at midnight in Singapore, not in UTC.

/** The store day (a date) a timestamp falls on. */
export function storeDayOfColumn(column: PgColumn): SQL {
  return sql`(${column} AT TIME ZONE ${STORE_TIME_ZONE})::date`;
}

/** The instant a store day (YYYY-MM-DD) starts, `offsetDays` days later: 1 gives the end of that day. */
export function storeDayStart(day: string, offsetDays = 0): SQL {
  return sql`((${day}::date + ${offsetDays}::int)::timestamp AT TIME ZONE ${STORE_TIME_ZONE})`;
}

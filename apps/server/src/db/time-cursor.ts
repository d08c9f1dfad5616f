import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp as ISO text in UTC with its microseconds, for a cursor that pages by time: a JavaScript Date
 * keeps milliseconds only, and a cursor that lost the microseconds would skip or repeat rows written within
 * the same millisecond.
 */
export const microsecondText = (column: SQL | SQL.Aliased | { getSQL(): SQL }) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

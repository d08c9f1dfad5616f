import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

const dialect = new PgDialect();

/**
 * Runs hand-written SQL and returns its rows. Both drivers answer with `{ rows }`; the row type is the
 * caller's promise, so queries cast what they return. A bigint reads as a number (parseBigint in client.ts),
 * but a sum of bigints is numeric, which reads as a string: cast sums of money `::bigint`.
 *
 * With `prepareAs`, the statement is prepared under a name derived from its text, so a PostgreSQL
 * connection plans each distinct shape once and then reuses the plan. Worth it for hot queries whose
 * planning costs as much as running them.
 */
export async function queryRows<T>(
  db: Database,
  query: SQL,
  options: { prepareAs?: string } = {},
): Promise<T[]> {
  if (options.prepareAs === undefined) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const compiled = dialect.sqlToQuery(query);
  const name = `${options.prepareAs}_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 16)}`;
  const prepared = db._.session.prepareQuery(compiled, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

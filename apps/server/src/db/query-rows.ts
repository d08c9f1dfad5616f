import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Runs hand-written SQL and returns its rows. Both drivers answer with `{ rows }`; the row type is the
 * caller's promise, so queries cast what they return (`::int` for counts, which PostgreSQL gives as bigint).
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

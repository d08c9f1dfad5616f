import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
/**
 * The one database type every service takes: the same for PGlite and a PostgreSQL server. It is built
 * without the tables' schema, which only Drizzle's relational queries read and this store does not use:
 * with it, every transaction built a query helper for every table before its first statement.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

// The same relative hop reaches the committed SQL from `src/db` (tests, tsx) and `dist/db` (build).
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

// Any constant would do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_274_001;

/** `copyOf`: a data directory PGlite dumped (`dumpDataDir('none')`), loaded instead of creating one empty. */
export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string }
  | { inMemory: true; copyOf?: Blob };

/**
 * Reads a PostgreSQL bigint (money columns and their sums, counts) as a JavaScript number, and refuses one a
 * number cannot hold exactly rather than rounding it. Without it, hand-written queries would read bigints as
 * strings from node-postgres and as BigInt beyond 2^53 from PGlite, while Drizzle's own selects read numbers.
 */
export function parseBigint(text: string): number {
  const value = Number(text);
  // A text beyond the safe range rounds to 2^53 or further, which is itself not a safe integer.
  if (!Number.isSafeInteger(value))
    throw new RangeError(`bigint ${text} is beyond what a number holds exactly`);
  return value;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl);
  if ('dataDir' in target) return openPglite(target.dataDir);
  return openPglite(undefined, target.copyOf);
}

async function openPglite(dataDir: string | undefined, copyOf?: Blob): Promise<DatabaseHandle> {
  const options = {
    extensions: { pg_trgm },
    parsers: { [pgliteTypes.INT8]: parseBigint },
    ...(copyOf && { loadDataDir: copyOf }),
  };
  let client: PGlite;
  if (dataDir) {
    const directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    client = await PGlite.create(directory, options);
  } else {
    client = await PGlite.create(options);
  }
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    // PGlite belongs to this process alone, so there is nobody to race with.
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // Drizzle gives every query its own type parsers, which fall back to pg's process-wide ones: a parser
  // given to the pool would never be asked.
  pg.types.setTypeParser(pg.types.builtins.INT8, parseBigint);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzleNodePg(pool);
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several server processes may start together; one migrates while the others wait on the lock.
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** When each migration of this build was written (the journal's `when`), the last one last. */
let migrationTimes: number[] | undefined;
function migrationsOfThisBuild(): number[] {
  migrationTimes ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries
    .map((entry) => entry.when)
    .sort((a, b) => a - b);
  return migrationTimes;
}

/**
 * How many of this build's migrations the database has not applied (all of them when it has applied none),
 * read from the table Drizzle's migrator keeps. A process that finds any would serve tables it does not
 * know: it is not ready.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const written = migrationsOfThisBuild();
  let lastApplied: number;
  try {
    const { rows } = (await db.execute(
      sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | null }[] };
    lastApplied = Number(rows[0]?.last ?? 0);
  } catch {
    return written.length;
  }
  return written.filter((when) => when > lastApplied).length;
}

/**
 * Hears a PostgreSQL connection that failed while idle in the pool (the server restarted, failed over or
 * ended the session). pg replaces it at the next query, but reports it as an 'error' event on the pool,
 * and one nobody listens to ends the process. PGlite has no such connections. Returns how to stop.
 */
export function onIdleConnectionError(db: Database, listener: (error: Error) => void): () => void {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return () => undefined;
  client.on('error', listener);
  return () => client.off('error', listener);
}

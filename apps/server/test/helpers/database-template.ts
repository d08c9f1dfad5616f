import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty database each test database starts as: a PGlite data directory's tarball, or a PostgreSQL database to copy. */
    testDatabaseTemplate: { pgliteTarball: string } | { postgresDatabase: string };
  }
}

/**
 * The server project's global set-up: migrates one database before any test file runs, which every test's
 * database is then a copy of. Creating an empty PGlite database (initdb) and migrating it cost about three
 * seconds of CPU, in every file and in every test that opens a database of its own; loading a copy costs a
 * quarter of that. On PostgreSQL, `CREATE DATABASE ... TEMPLATE` copies the files without replaying the
 * migrations.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return migratedPostgresTemplate(project, serverUrl);

  const handle = await openDatabase({ inMemory: true });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const tarball = await client.dumpDataDir('none');
  await handle.close();
  const directory = mkdtempSync(path.join(tmpdir(), 'crossbuy-test-template-'));
  const file = path.join(directory, 'pgdata.tar');
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  project.provide('testDatabaseTemplate', { pgliteTarball: file });
  return async () => rmSync(directory, { recursive: true, force: true });
}

async function migratedPostgresTemplate(
  project: TestProject,
  serverUrl: string,
): Promise<() => Promise<void>> {
  const name = `crossbuy_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  await handle.close();
  // A database is copied only while nobody is connected to it, and pool.end() resolves before its
  // connections have gone.
  await onServer(serverUrl, (admin) => untilNobodyIsConnected(admin, name));
  project.provide('testDatabaseTemplate', { postgresDatabase: name });
  return () => onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Runs `work` on a connection of its own to the server at `serverUrl`, then closes it. */
export async function onServer(
  serverUrl: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Waits, for a second at most, until no session is connected to database `name`. */
export async function untilNobodyIsConnected(client: pg.Client, name: string): Promise<void> {
  for (let wait = 0; wait < 50; wait += 1) {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

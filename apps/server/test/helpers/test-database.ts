import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { onServer, untilNobodyIsConnected } from './database-template.js';

/** `url`: the PostgreSQL database's address, for a server process of its own; none on PGlite. */
export type TestDatabase = DatabaseHandle & { url?: string; dispose(): Promise<void> };

/** The migrated PGlite data directory, read once per test file. */
let pgliteTemplate: Blob | undefined;

/**
 * A migrated database of the test's own: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database on it that is dropped afterwards. Either is a copy of the
 * database the global set-up migrated (`database-template.ts`). Tests never share state and never
 * assume the server is empty.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!('pgliteTarball' in template)) throw new Error('the global set-up migrated no PGlite database');
    pgliteTemplate ??= new Blob([readFileSync(template.pgliteTarball)]);
    const handle = await openDatabase({ inMemory: true, copyOf: pgliteTemplate });
    return { ...handle, dispose: handle.close };
  }

  if (!('postgresDatabase' in template)) throw new Error('the global set-up migrated no PostgreSQL database');
  const name = `crossbuy_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.postgresDatabase}`),
  );

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      // pool.end() resolves before its sockets have closed; forcing the drop while a backend is still
      // saying goodbye kills it mid-way and its client reports an error nobody listens to.
      await onServer(serverUrl, async (cleaner) => {
        await untilNobodyIsConnected(cleaner, name);
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

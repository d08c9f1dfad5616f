import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';

export type TestDatabase = DatabaseHandle & { dispose(): Promise<void> };

/**
 * A migrated database of the test's own: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database on it that is dropped afterwards. Tests never share
 * state and never assume the server is empty.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true });
    await handle.migrate();
    return { ...handle, dispose: handle.close };
  }

  const name = `crossbuy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    async dispose() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';

/** `url`: the PostgreSQL database's address, for a server process of its own; none on PGlite. */
export type TestDatabase = DatabaseHandle & { url?: string; dispose(): Promise<void> };

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
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while a backend is still
      // saying goodbye kills it mid-way and its client reports an error nobody listens to.
      for (let wait = 0; wait < 50; wait += 1) {
        const { rows } = await cleaner.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

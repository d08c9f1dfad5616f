import type { Database } from './client.js';

/**
 * What `build` makes for a database, made on first use and kept as long as the database is: prepared
 * statements (planned once per connection instead of on every call) and the caches that belong with them.
 * Keyed by the database, so each test's database, and each process's, has its own.
 */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

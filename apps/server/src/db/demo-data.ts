import { appMeta } from '../features/system/system.table.js';
import type { Database } from './client.js';

/** What seeders may need besides the database: where pictures they draw are kept. */
export type DemoContext = { imagesDir: string };

/** One feature's share of the demo store; seeders run in the order given, inside one transaction. */
export type DemoSeeder = { name: string; seed(db: Database, context: DemoContext): Promise<void> };

const DEMO_DATA_KEY = 'demo_data';

/**
 * Lays down the demo store once, on a database that has never had it. The marker row and the data
 * are written in one transaction, so a crash half-way leaves no marker and the next start retries;
 * two processes starting together cannot both seed, because only one insert of the marker succeeds.
 */
export async function seedDemoDataOnce(
  db: Database,
  seeders: readonly DemoSeeder[],
  context: DemoContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({
        key: DEMO_DATA_KEY,
        value: { seededAt: new Date().toISOString(), seeders: seeders.map((s) => s.name) },
      })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;
    for (const seeder of seeders) await seeder.seed(tx as unknown as Database, context);
    return true;
  });
}

import type { Database } from '@crossbuy/server/db/client.js';
import { appMeta } from '@crossbuy/server/features/system/system.table.js';
import type { PictureStorage } from '@crossbuy/server/lib/picture-storage.js';
import { eq } from 'drizzle-orm';

/** What seeders may need besides the database: where pictures they draw are kept. */
export type DemoContext = { pictures: PictureStorage };

/** One feature's share of the demo store; seeders run in the order given, inside one transaction. */
export type DemoSeeder = { name: string; seed(db: Database, context: DemoContext): Promise<void> };

const DEMO_DATA_KEY = 'demo_data';

/**
 * Lays down the parts of the demo store a database has not had yet: all of them on a fresh database, and
 * on one seeded by an earlier version only the seeders added since (the store grows, and an existing demo
 * store should be able to use what was added). The marker row, which names the seeders that ran, and
 * their data are written in one transaction holding the marker's lock, so a crash half-way changes
 * nothing and two processes starting together cannot both seed. Returns whether any seeder ran.
 */
export async function seedDemoDataOnce(
  db: Database,
  seeders: readonly DemoSeeder[],
  context: DemoContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(appMeta)
      .values({ key: DEMO_DATA_KEY, value: { seededAt: new Date().toISOString(), seeders: [] } })
      .onConflictDoNothing();
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_DATA_KEY)).for('update');
    const done = new Set(seedersIn(marker?.value));
    const due = seeders.filter((seeder) => !done.has(seeder.name));
    if (due.length === 0 && done.size > 0) return false;
    for (const seeder of due) await seeder.seed(tx as unknown as Database, context);
    await tx
      .update(appMeta)
      .set({
        value: {
          seededAt: new Date().toISOString(),
          seeders: [...done, ...due.map((seeder) => seeder.name)],
        },
      })
      .where(eq(appMeta.key, DEMO_DATA_KEY));
    return due.length > 0 || done.size === 0;
  });
}

function seedersIn(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || !('seeders' in value)) return [];
  const { seeders } = value as { seeders: unknown };
  return Array.isArray(seeders) ? seeders.filter((name): name is string => typeof name === 'string') : [];
}

import { appMeta } from '@crossbuy/server/features/system/system.table.js';
import { diskPictureStorage } from '@crossbuy/server/lib/picture-storage.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../server/test/helpers/test-database.js';
import { seedDemoDataOnce } from './demo-data.js';

describe('seedDemoDataOnce', () => {
  const context = { pictures: diskPictureStorage('/nonexistent/images') };
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => database.dispose());

  it('runs the seeders in order on a fresh database, and never again', async () => {
    const calls: string[] = [];
    const seeders = ['merchants', 'products'].map((name) => ({
      name,
      seed: async () => void calls.push(name),
    }));
    expect(await seedDemoDataOnce(database.db, seeders, context)).toBe(true);
    expect(await seedDemoDataOnce(database.db, seeders, context)).toBe(false);
    expect(calls).toEqual(['merchants', 'products']);
  });

  it('runs only the seeders added since, on a database seeded by an earlier version', async () => {
    const calls: string[] = [];
    const seeder = (name: string) => ({ name, seed: async () => void calls.push(name) });
    await seedDemoDataOnce(database.db, [seeder('merchants')], context);
    expect(await seedDemoDataOnce(database.db, [seeder('merchants'), seeder('vouchers')], context)).toBe(
      true,
    );
    expect(await seedDemoDataOnce(database.db, [seeder('merchants'), seeder('vouchers')], context)).toBe(
      false,
    );
    expect(calls).toEqual(['merchants', 'vouchers']);
  });

  it('leaves no marker when a seeder fails, so the next start tries again', async () => {
    const failing = [{ name: 'broken', seed: async () => Promise.reject(new Error('disk full')) }];
    await expect(seedDemoDataOnce(database.db, failing, context)).rejects.toThrow('disk full');
    expect(await database.db.select().from(appMeta)).toEqual([]);
    expect(await seedDemoDataOnce(database.db, [], context)).toBe(true);
  });
});

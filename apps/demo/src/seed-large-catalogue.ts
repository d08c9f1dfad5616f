// `npm run bench:seed -- --products 100000`: fills the database (DATABASE_URL, else PGlite in DATA_DIR)
// with the demo store, then continues its catalogue with generated products up to the given count, for
// the benchmarks. Run it on a database of its own: it assumes every product there came from it.

import { loadConfig } from '@crossbuy/server/config.js';
import { type Database, openDatabase } from '@crossbuy/server/db/client.js';
import { pictureStorageFor } from '@crossbuy/server/lib/pictures.js';
import { sql } from 'drizzle-orm';
import { DEMO_CATALOGUE_SEED, pictureTwinIndex } from './catalogue/catalogue.demo.js';
import {
  generatedProductId,
  generateProducts,
  insertProducts,
  productCount,
} from './catalogue/catalogue-generator.js';
import { merchantIdsBySlug } from './catalogue/merchants.js';
import { seedDemoDataOnce } from './demo-data.js';
import { demoSeeders } from './demo-seeders.js';
import { DEMO_REGIONS } from './regions/regions.demo.js';

const CHUNK = 5000;

function requestedCount(argv: string[]): number {
  const index = argv.indexOf('--products');
  const value = Number(index >= 0 ? argv[index + 1] : process.env.BENCH_PRODUCTS);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error('Give the catalogue size: --products <count> (or BENCH_PRODUCTS)');
  }
  return value;
}

async function main() {
  const target = requestedCount(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const started = Date.now();
  try {
    await database.migrate();
    await seedDemoDataOnce(database.db, demoSeeders, { pictures: pictureStorageFor(config) });
    const merchantIds = await merchantIdsBySlug(database.db);
    const pricedRegions = new Set(DEMO_REGIONS.map((region) => region.countryCode));
    let next = await productCount(database.db);
    const first = next;
    while (next < target) {
      const count = Math.min(CHUNK, target - next);
      const seeds = generateProducts({
        firstIndex: next,
        count,
        seed: DEMO_CATALOGUE_SEED,
        merchantIds,
        now: new Date(),
        // Generated products share the pictures of a demo product in the same category.
        images: (_id, index) => {
          const twin = generatedProductId(DEMO_CATALOGUE_SEED, pictureTwinIndex(index));
          return { mainImage: `products/${twin}.webp`, gallery: [`products/${twin}-2.svg`] };
        },
        pricedRegions,
      });
      await database.db.transaction(async (tx) => insertProducts(tx as unknown as Database, seeds));
      next += count;
      process.stdout.write(`\r${next.toLocaleString('en-GB')} products`);
    }
    // What autovacuum would do in time, done now so the benchmark measures a settled database: fresh
    // planner statistics, the full-text index's pending list merged, and index-only scans possible.
    await database.db.execute(sql`VACUUM ANALYZE`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${(next - first).toLocaleString('en-GB')} products added in ${seconds} s; ${next.toLocaleString('en-GB')} in all`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

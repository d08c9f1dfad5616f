// `node apps/server/dist/db/seed-bench-shoppers.js --shoppers 50 --products 80 --password <password>`:
// verified shoppers with that password and a Singapore address each, and stock nobody runs out of on the
// newest products without variants, for the order benchmarks (bench/scenarios.mjs). The store's API has
// no way to verify an email without the mail, or to restock, so these are written here. Prints the
// shoppers' emails and the restocked products' ids as one line of JSON. Run it on the bench's database
// (DATABASE_URL, else PGlite in DATA_DIR) after the server has laid down the demo store, with the server
// stopped when on PGlite.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { addresses } from '../features/addresses/addresses.table.js';
import { products } from '../features/catalogue/catalogue.table.js';
import { users } from '../features/users/users.table.js';
import { hashPassword } from '../lib/passwords.js';
import { openDatabase } from './client.js';

/** More than any benchmark sells in a run. */
const AMPLE_STOCK = 1_000_000;

function option(argv: readonly string[], name: string): string {
  const index = argv.indexOf(`--${name}`);
  const value = index >= 0 ? argv[index + 1] : undefined;
  if (value === undefined) throw new Error(`Give --${name} <value>`);
  return value;
}

function count(argv: readonly string[], name: string): number {
  const value = Number(option(argv, name));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

async function main() {
  const argv = process.argv.slice(2);
  const shopperCount = count(argv, 'shoppers');
  const productCount = count(argv, 'products');
  const password = option(argv, 'password');
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const { db } = database;
    const newest = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.disabled, false), sql`jsonb_array_length(${products.variants}) = 0`))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(productCount);
    const restocked = await db
      .update(products)
      .set({ stock: AMPLE_STOCK })
      .where(inArray(products.id, newest))
      .returning({ id: products.id });
    if (restocked.length < productCount) {
      throw new Error(`the store has ${restocked.length} products without variants; ${productCount} asked`);
    }

    // One hash for all: the shoppers differ only by email, and hashing is what costs here.
    const passwordHash = await hashPassword(password);
    const run = randomBytes(4).toString('hex');
    const shoppers = await db
      .insert(users)
      .values(
        Array.from({ length: shopperCount }, (_, index) => ({
          email: `order-bench-${run}-${index}@example.com`,
          passwordHash,
          firstName: 'Bench',
          lastName: `Shopper ${index}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(addresses).values(
      shoppers.map((shopper) => ({
        userId: shopper.id,
        fullName: 'Bench Shopper',
        phoneNumber: '+6581234567',
        address: '1 Orchard Road',
        postalCode: '238824',
        country: 'SG',
        main: true,
      })),
    );
    console.log(
      JSON.stringify({
        emails: shoppers.map((shopper) => shopper.email),
        productIds: restocked.map((row) => row.id),
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `node apps/demo/dist/seed-bench-shoppers.js --shoppers 50 --products 80 --password <password>
// [--history 100000]`: verified shoppers with that password and a Singapore address each, stock nobody
// runs out of on the newest products without variants, an operator with the same password, and, with
// --history, that many orders of 1,000 other customers over the past year in every status, for the order
// benchmarks (bench/scenarios.mjs). The store's API has no way to verify an email without the mail, to
// restock, to make staff or to age an order, so these are written here. The operator has two-factor on, as
// the back office requires. Prints the shoppers' and the operator's emails, the operator's two-factor seed
// and the restocked products' ids as one line of JSON. Run it on the bench's database
// (DATABASE_URL, else PGlite in DATA_DIR) after the server has laid down the demo store, with the server
// stopped when on PGlite.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@crossbuy/server/config.js';
import { type Database, openDatabase } from '@crossbuy/server/db/client.js';
import { addresses } from '@crossbuy/server/features/addresses/addresses.table.js';
import { products } from '@crossbuy/server/features/catalogue/catalogue.table.js';
import { tfaSeedKey } from '@crossbuy/server/features/tfa/tfa.service.js';
import { users } from '@crossbuy/server/features/users/users.table.js';
import { hashPassword } from '@crossbuy/server/lib/passwords.js';
import { encryptSecret } from '@crossbuy/server/lib/secrets.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';

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
  const historyCount = argv.includes('--history') ? count(argv, 'history') : 0;
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
    const operatorTfaSecret = generateSecret();
    const [operator] = await db
      .insert(users)
      .values({
        email: `order-bench-${run}-operator@example.com`,
        passwordHash,
        firstName: 'Bench',
        lastName: 'Operator',
        role: 'operator',
        emailVerifiedAt: new Date(),
        tfaSecret: encryptSecret(tfaSeedKey(config.sessionSecret), operatorTfaSecret),
        tfaEnabledAt: new Date(),
      })
      .returning({ email: users.email });
    if (historyCount > 0) await seedOrderHistory(db, run, passwordHash, historyCount);
    console.log(
      JSON.stringify({
        emails: shoppers.map((shopper) => shopper.email),
        operatorEmail: operator?.email,
        operatorTfaSecret,
        productIds: restocked.map((row) => row.id),
      }),
    );
  } finally {
    await database.close();
  }
}

/** Customers whose orders fill the store's order desk. */
const HISTORY_CUSTOMERS = 1_000;

/**
 * `count` orders of HISTORY_CUSTOMERS customers, one line each, placed over the past year (newest first by
 * number) and spread evenly over every status and both payment methods (an unpaid one only within the last
 * hour, before it falls due), written by generate_series in the database: a hundred thousand rows through the
 * API would take the bench longer than it measures.
 */
async function seedOrderHistory(
  db: Database,
  run: string,
  passwordHash: string,
  count: number,
): Promise<void> {
  const customers = await db
    .insert(users)
    .values(
      Array.from({ length: HISTORY_CUSTOMERS }, (_, index) => ({
        email: `order-bench-${run}-customer-${index}@example.com`,
        passwordHash,
        firstName: 'Customer',
        lastName: String(index),
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const customerIds = `{${customers.map((customer) => customer.id).join(',')}}`;
  const address = JSON.stringify({
    fullName: 'Bench Customer',
    phoneNumber: '+6581234567',
    address: '1 Orchard Road',
    unitNumber: null,
    postalCode: '238824',
    country: 'SG',
    state: null,
    city: null,
  });
  await db.execute(sql`
    INSERT INTO orders (order_ref, user_id, status, region_country_code, currency, subtotal_minor, total_minor,
                        payment_method, shipping_address, billing_address, payment_due_at, placed_at, paid_at,
                        cancel_reason, cancelled_at)
    SELECT 'CB-' || upper(substr(md5(${run} || g::text), 1, 8)),
           (${customerIds}::uuid[])[1 + g % ${HISTORY_CUSTOMERS}],
           CASE WHEN g % 8 = 0 AND g * 300 >= 3600 THEN 'cancelled'
                ELSE (ARRAY['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'completed',
                            'cancelled', 'disputed'])[1 + g % 8] END,
           'SG', 'SGD', 1000 + g % 50000, 1000 + g % 50000,
           (ARRAY['card', 'paynow'])[1 + (g / 8) % 2],
           ${address}::jsonb, ${address}::jsonb,
           now() - make_interval(secs => g * 300) + interval '1 hour',
           now() - make_interval(secs => g * 300),
           -- Every status past payment was paid ten minutes after it was placed.
           CASE WHEN g % 8 IN (1, 2, 3, 4, 5, 7) THEN now() - make_interval(secs => g * 300 - 600) END,
           -- An unpaid order is due an hour after it was placed. The older ones were expired when they fell
           -- due, as a running store's expiry job does: left unpaid, they would keep the measured server busy
           -- expiring a year of them.
           CASE WHEN g % 8 = 0 AND g * 300 >= 3600 THEN 'Payment was not received in time' END,
           CASE WHEN g % 8 = 0 AND g * 300 >= 3600 THEN now() - make_interval(secs => g * 300) + interval '1 hour' END
      FROM generate_series(1, ${count}) AS g
    ON CONFLICT (order_ref) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO order_lines (order_id, position, source, quantity, unit_price_minor, line_total_minor, capture)
    SELECT o.id, 0, 'cart', 1, o.total_minor, o.total_minor,
           jsonb_build_object('name', 'Bench item', 'mainImage', NULL, 'paramName', NULL, 'variantLabel', NULL,
                              'merchantName', NULL, 'sourceMarketPlace', NULL, 'productUrl', NULL,
                              'unitPrice', jsonb_build_object('amountMinor', o.total_minor, 'currency', 'SGD'))
      FROM orders AS o
     WHERE o.user_id = ANY(${customerIds}::uuid[])`);
  // A question from the shopper on every tenth order, answered on every other one, for the dashboard's
  // count of chats waiting for the store.
  await db.execute(sql`
    INSERT INTO order_messages (order_id, author_user_id, from_store, body, created_at)
    SELECT o.id, o.user_id, false, 'Any news about my order?', o.placed_at + interval '1 hour'
      FROM orders AS o
     WHERE o.user_id = ANY(${customerIds}::uuid[]) AND abs(hashtext(o.order_ref)) % 10 = 0`);
  await db.execute(sql`
    UPDATE orders SET shopper_message_at = placed_at + interval '1 hour',
                      store_read_at = CASE WHEN abs(hashtext(order_ref)) % 20 = 0 THEN placed_at + interval '2 hours' END
     WHERE user_id = ANY(${customerIds}::uuid[]) AND abs(hashtext(order_ref)) % 10 = 0`);
  // What autovacuum would do in time on a running store, done now so the first measured second meets a
  // settled database: fresh statistics, and the visibility map that lets the desk's counts of a status read
  // only orders_status_placed_idx (an index-only scan) instead of every order.
  await db.execute(sql`VACUUM ANALYZE orders`);
  await db.execute(sql`VACUUM ANALYZE order_lines`);
  await db.execute(sql`VACUUM ANALYZE order_messages`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

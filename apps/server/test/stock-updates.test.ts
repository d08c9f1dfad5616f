import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { queryRows } from '../src/db/query-rows.js';
import { products } from '../src/db/schema.js';
import { stockChanges } from '../src/features/orders/order-stock.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Every order and every cancellation updates its products' stock, so that update must stay as cheap as a
// row can be updated: in place (a HOT update, which writes no index entry) and without collecting search
// words again (migration 0019). These read PostgreSQL's own count of this transaction's updates.

type UpdateCounts = { updated: number; inPlace: number };

/** Applies a stock change in a transaction of its own and answers how PostgreSQL updated the rows. */
async function countUpdatesOf(db: Database, change: SQL): Promise<UpdateCounts> {
  return db.transaction(async (tx) => {
    await queryRows(tx, change);
    const [counts] = await queryRows<UpdateCounts>(
      tx,
      sql`SELECT pg_stat_get_xact_tuples_updated('products'::regclass)::int AS updated,
                 pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int AS "inPlace"`,
    );
    if (!counts) throw new Error('the statistics functions answered no row');
    return counts;
  });
}

const takeStock = (productId: string, delta: number): SQL =>
  sql`WITH ${sql.join(stockChanges([{ productId, variantPath: '', delta }]), sql`, `)} SELECT 1`;

describe('stock updates', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
  });
  afterAll(() => harness.close());

  const add = (name: string, stock: number) =>
    addProduct(fixture, {
      name,
      categoryId: 'headphones',
      merchant: fixture.merchants.audio,
      priceMinor: 2500,
      stock,
    });

  it('takes a unit in place, writing no index entry', async () => {
    const { id } = await add('Quiet Studio Monitor', 5);
    expect(await countUpdatesOf(harness.app.db, takeStock(id, -1))).toEqual({ updated: 1, inPlace: 1 });
    const [row] = await harness.app.db
      .select({ stock: products.stock, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, id));
    expect(row).toEqual({ stock: 4, inStock: true });
  });

  it('marks the product sold out when the last unit goes, and in stock when one comes back', async () => {
    const { id } = await add('Last Pair Earbuds', 1);
    await countUpdatesOf(harness.app.db, takeStock(id, -1));
    const soldOut = await harness.app.db
      .select({ inStock: products.inStock })
      .from(products)
      .where(eq(products.id, id));
    expect(soldOut).toEqual([{ inStock: false }]);
    await countUpdatesOf(harness.app.db, takeStock(id, 1));
    const back = await harness.app.db
      .select({ inStock: products.inStock })
      .from(products)
      .where(eq(products.id, id));
    expect(back).toEqual([{ inStock: true }]);
  });

  it('collects search words when a name changes, and not when only stock does', async () => {
    const { id } = await add('Plain Headphones', 3);
    const words = async () =>
      (
        await queryRows<{ word: string }>(
          harness.app.db,
          sql`SELECT word FROM search_words WHERE word IN ('zephyrine', 'plain') ORDER BY word`,
        )
      ).map((row) => row.word);
    expect(await words()).toEqual(['plain']);
    await queryRows(harness.app.db, sql`DELETE FROM search_words WHERE word = 'plain'`);
    await countUpdatesOf(harness.app.db, takeStock(id, -1));
    expect(await words()).toEqual([]);
    await harness.app.db.update(products).set({ name: 'Zephyrine Headphones' }).where(eq(products.id, id));
    expect(await words()).toEqual(['zephyrine']);
  });
});

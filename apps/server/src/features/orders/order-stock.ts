import { AppError } from '@crossbuy/core/errors';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isAnyOf, uuidArray } from '../../db/id-list.js';
import { queryRows } from '../../db/query-rows.js';
import { products, productVariants } from '../catalogue/catalogue.table.js';
import { quotationItems } from '../quotations/quotations.table.js';
import { releaseVoucher } from '../vouchers/vouchers.service.js';
import type { ShopperHoldings } from './order-limits.js';
import type { OrderLineDraft } from './order-line-draft.js';
import { type OrderRow, orderLines } from './orders.table.js';

// The stock an order takes and gives back. Product rows are always locked in id order, by every order and
// every cancellation, so parallel orders wait for one another instead of deadlocking.

/** The stock a selection can take, as (product, variant path); products with variants hold stock per variant. */
type StockKey = string;
const stockKey = (productId: string, variantPath: string): StockKey => `${productId}|${variantPath}`;

/**
 * Locks the product rows (and their variant rows) the lines take stock from, in product id order, and
 * answers the stock they hold: every order takes these locks in the same order, so parallel orders wait
 * for one another instead of deadlocking, and the stock read is what no other order is about to change.
 * The lines themselves (the shopper's own rows, under the shopper's lock) may be read before. What the
 * shopper holds (`holdings`, order-limits.ts) is counted in the same statement, one round trip instead of
 * two, and before the statement locks any row.
 */
export async function lockStock(
  tx: Database,
  lines: readonly OrderLineDraft[],
  holdings: SQL<ShopperHoldings>,
): Promise<{ stock: Map<StockKey, number>; holdings: ShopperHoldings }> {
  const productIds = [...new Set(lines.flatMap((line) => (line.stock ? [line.stock.productId] : [])))].sort();
  if (productIds.length === 0) {
    const [row] = await queryRows<{ holdings: ShopperHoldings }>(tx, sql`SELECT ${holdings} AS holdings`);
    if (!row) throw new Error('A statement without a table answered no row');
    return { stock: new Map(), holdings: row.holdings };
  }
  const productRows = await tx
    .select({ id: products.id, stock: products.stock, variants: products.variants, holdings })
    .from(products)
    .where(isAnyOf(products.id, productIds))
    .orderBy(asc(products.id))
    .for('no key update')
    .prepare('orders_lock_products')
    .execute();
  const [first] = productRows;
  if (!first) throw new Error('The products of an order were not found');
  const withVariants = productRows.filter((row) => row.variants.length > 0).map((row) => row.id);
  const variantRows =
    withVariants.length === 0
      ? []
      : await tx
          .select({
            productId: productVariants.productId,
            path: productVariants.path,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .where(isAnyOf(productVariants.productId, withVariants))
          .orderBy(asc(productVariants.productId), asc(productVariants.path))
          .for('no key update')
          .prepare('orders_lock_variants')
          .execute();
  return {
    holdings: first.holdings,
    stock: new Map([
      ...productRows.map((row) => [stockKey(row.id, ''), row.stock] as const),
      ...variantRows.map((row) => [stockKey(row.productId, row.path), row.stock] as const),
    ]),
  };
}

/** Every (product, variant) is asked for no more than it has, counting the same item on several lines once. */
export function assertInStock(lines: readonly OrderLineDraft[], stock: Map<StockKey, number>): void {
  const wanted = new Map<StockKey, { quantity: number; name: string }>();
  for (const line of lines) {
    if (!line.stock) continue;
    const key = stockKey(line.stock.productId, line.stock.variantPath);
    const entry = wanted.get(key) ?? { quantity: 0, name: line.stock.name };
    entry.quantity += line.quantity;
    wanted.set(key, entry);
  }
  for (const [key, { quantity, name }] of wanted) {
    const available = stock.get(key) ?? 0;
    if (available < quantity) throw new AppError('checkout/out_of_stock', [name, available]);
  }
}

type StockChange = { productId: string; variantPath: string; delta: number };

/** What taking the bought units off the stock rows (already locked and checked) changes. */
export function stockTakenBy(lines: readonly OrderLineDraft[]): StockChange[] {
  return lines.flatMap((line) => (line.stock ? [{ ...line.stock, delta: -line.quantity }] : []));
}

/**
 * The common table expressions that apply stock changes within one statement, whatever the number of lines:
 * a round trip per line made a large order slow under load. The caller holds the product rows' locks
 * (lockStock, or the id-ordered lock of releaseOrderHoldings), so the order in which the statement touches
 * them cannot deadlock. A product with variants holds its stock on them; its own stock follows theirs by a
 * statement trigger, which fires even when the statement changes no row, so the variants are updated only
 * when there are variants to change (and the products likewise). None when there is nothing to change.
 */
export function stockChanges(changes: readonly StockChange[]): SQL[] {
  const ofProducts = changes.filter((change) => change.variantPath === '');
  const ofVariants = changes.filter((change) => change.variantPath !== '');
  const recordset = (ofKind: readonly StockChange[]) => {
    const rows = JSON.stringify(
      ofKind.map((change) => ({
        product_id: change.productId,
        variant_path: change.variantPath,
        delta: change.delta,
      })),
    );
    return sql`(SELECT product_id, variant_path, sum(delta)::int AS delta
           FROM jsonb_to_recordset(${rows}::jsonb) AS c(product_id uuid, variant_path text, delta int)
          GROUP BY product_id, variant_path)`;
  };
  // The planner takes a recordset for a hundred rows and would join it to every product by a scan of the
  // table; the ids as an array let it find the few rows by their key.
  const productIdsOf = (ofKind: readonly StockChange[]) =>
    uuidArray([...new Set(ofKind.map((change) => change.productId))]);
  const ctes: SQL[] = [];
  if (ofProducts.length > 0) {
    ctes.push(sql`changed_products AS (
          UPDATE ${products} AS p SET stock = p.stock + c.delta
            FROM ${recordset(ofProducts)} AS c
           WHERE p.id = c.product_id AND p.id = ANY(${productIdsOf(ofProducts)})
        )`);
  }
  if (ofVariants.length > 0) {
    ctes.push(sql`changed_variants AS (
          UPDATE ${productVariants} AS v SET stock = v.stock + c.delta
            FROM ${recordset(ofVariants)} AS c
           WHERE v.product_id = c.product_id AND v.path = c.variant_path
             AND v.product_id = ANY(${productIdsOf(ofVariants)})
        )`);
  }
  return ctes;
}

async function changeStock(tx: Database, changes: readonly StockChange[]): Promise<void> {
  const ctes = stockChanges(changes);
  if (ctes.length === 0) return;
  await queryRows(tx, sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`, { prepareAs: 'orders_change_stock' });
}

/**
 * What an order held gives back when it is cancelled: the units to stock (of products and variants that
 * still exist), the voucher to its limits, and its quoted items to the shopper's quotation list. Runs in the
 * cancelling transaction, which holds the order's row lock, so it happens once.
 */
export async function releaseOrderHoldings(tx: Database, order: OrderRow): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const stocked = lines.flatMap((line) =>
    line.productId !== null && line.source !== 'quotation_external'
      ? [{ productId: line.productId, variantPath: line.variantPath, delta: line.quantity }]
      : [],
  );
  const productIds = [...new Set(stocked.map((line) => line.productId))].sort();
  if (productIds.length > 0) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('no key update');
    await changeStock(tx, stocked);
  }
  await releaseVoucher(tx, order.id);
  const quoted = lines.flatMap((line) => (line.quotationItemId ? [line.quotationItemId] : []));
  if (quoted.length > 0) {
    await tx
      .update(quotationItems)
      .set({ orderedAt: null, updatedAt: sql`now()` })
      .where(inArray(quotationItems.id, quoted));
  }
}

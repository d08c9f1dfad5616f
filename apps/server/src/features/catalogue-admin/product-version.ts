import { AppError } from '@crossbuy/core/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { type ProductRow, products, productVariants } from '../catalogue/catalogue.table.js';

// A product's version is what the staff member's form was loaded at (docs/decisions/0043): every change of
// its fields, options, variants or region prices is checked against it and raises it; stock aside, since
// stock moves with every order.

/**
 * The product's row, locked for the caller's transaction (without blocking carts and orders that only
 * reference it), at the version the staff member's form was loaded at.
 */
export async function lockProduct(tx: Database, id: string, version?: number): Promise<ProductRow> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
  if (!row) throw new AppError('product/not_found', [id]);
  if (version !== undefined && row.version !== version) {
    throw new AppError('product/stale_version', [String(row.version)]);
  }
  return row;
}

/**
 * Marks a change of the product's fields, options, variants or region prices: raises its version, and a
 * product with variants is priced from them (its own price is the lowest of theirs).
 */
export async function touchProduct(
  tx: Database,
  id: string,
  fields: Partial<ProductRow> = {},
): Promise<void> {
  await tx
    .update(products)
    .set({
      ...fields,
      priceMinor: sql`coalesce((SELECT min(v.price_minor) FROM ${productVariants} AS v WHERE v.product_id = ${id}), ${fields.priceMinor ?? products.priceMinor})`,
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));
}

/** Sets the stock of a product without variants: stock does not raise the version, as it moves with orders. */
export async function setProductStock(tx: Database, id: string, stock: number): Promise<void> {
  await tx.update(products).set({ stock, updatedAt: sql`now()` }).where(eq(products.id, id));
}

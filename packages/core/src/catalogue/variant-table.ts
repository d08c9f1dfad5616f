import { AppError } from '../errors/index.js';
import type { SaveVariantTableInput } from './product-admin.js';
import { type ProductVariant, variantLabel } from './variants.js';

/** A variant as it stands in the store when the table is saved. */
export type StoredVariant = { path: string; priceMinor: number; stock: number };

/** What saving the table changes in one variant; a side left out stays as it is. */
export type VariantTableChange = {
  path: string;
  price?: { from: number; to: number };
  stock?: { from: number; to: number };
};

/**
 * What a saved variants table changes, row by row, or the refusal that names the first wrong row: a
 * variant named twice, a variant the product no longer has (product/variant_not_found), or a stock set
 * from a count that has moved since the table was loaded (product/stale_stock, with the variant's label,
 * its stock now and its path). A row whose stock was left as found never touches the stock, so an order
 * taking units meanwhile is kept.
 */
export function planVariantTable(
  options: readonly ProductVariant[],
  stored: readonly StoredVariant[],
  rows: SaveVariantTableInput['rows'],
): VariantTableChange[] {
  const byPath = new Map(stored.map((variant) => [variant.path, variant]));
  const seen = new Set<string>();
  const changes: VariantTableChange[] = [];
  for (const row of rows) {
    if (seen.has(row.path)) throw new AppError('general/argument_error', ['rows']);
    seen.add(row.path);
    const current = byPath.get(row.path);
    if (!current) throw new AppError('product/variant_not_found', [row.path]);
    const change: VariantTableChange = { path: row.path };
    if (row.priceMinor !== current.priceMinor) {
      change.price = { from: current.priceMinor, to: row.priceMinor };
    }
    if (row.stock !== row.stockSeen) {
      if (current.stock !== row.stockSeen) {
        const label = variantLabel(options, row.path) ?? row.path;
        throw new AppError('product/stale_stock', [label, String(current.stock), row.path]);
      }
      if (row.stock !== current.stock) change.stock = { from: current.stock, to: row.stock };
    }
    if (change.price || change.stock) changes.push(change);
  }
  return changes;
}

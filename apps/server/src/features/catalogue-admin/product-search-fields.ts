import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { categories, merchants, products } from '../catalogue/catalogue.table.js';

export type SearchFieldsScope = { productId: string } | { merchantId: string } | { categoryPath: string };

/**
 * What a product copies from its merchant and category so a search finds it by them: the marketplace, and
 * keywords of the merchant's name and marketplace and the names along the category's path. Rewritten, in
 * the changing transaction, for every product in `scope` whenever one of those changes (a product filed
 * elsewhere, a merchant or category renamed, a branch moved), so a search for the new name finds them at
 * once. Products whose fields already match are left alone.
 */
export async function refreshProductSearchFields(tx: Database, scope: SearchFieldsScope): Promise<void> {
  const which =
    'productId' in scope
      ? sql`p.id = ${scope.productId}`
      : 'merchantId' in scope
        ? sql`p.merchant_id = ${scope.merchantId}`
        : sql`(pc.path = ${scope.categoryPath} OR pc.path LIKE ${`${scope.categoryPath}.%`})`;
  await tx.execute(sql`
    WITH derived AS (
      SELECT p.id, m.source_market_place,
             trim(m.name || ' ' || m.source_market_place || ' ' || coalesce(
               (SELECT string_agg(c.name, ' ' ORDER BY length(c.path)) FROM ${categories} AS c
                 WHERE pc.path = c.path OR pc.path LIKE c.path || '.%'), '')) AS keywords
        FROM ${products} AS p
        JOIN ${merchants} AS m ON m.id = p.merchant_id
        JOIN ${categories} AS pc ON pc.id = p.category_id
       WHERE ${which})
    UPDATE ${products} AS target
       SET keywords = derived.keywords, source_market_place = derived.source_market_place
      FROM derived
     WHERE target.id = derived.id
       AND (target.keywords, target.source_market_place)
           IS DISTINCT FROM (derived.keywords, derived.source_market_place)`);
}

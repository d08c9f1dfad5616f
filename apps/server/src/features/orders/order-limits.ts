import { AppError } from '@crossbuy/core/errors';
import { newOrderRefusal, type Refusal } from '@crossbuy/core/order';
import type { StoreSettings } from '@crossbuy/core/settings';
import { type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/id-list.js';
import type { OrderLineDraft } from './order-line-draft.js';
import { orderLines, orders } from './orders.table.js';

// What one shopper may hold at once (docs/decisions/0058): unpaid orders, units of an item in them, orders
// an hour, open checkout sessions. Each is counted in the transaction that would add to it, under the
// shopper's row lock (db/as-owner.ts), so a burst of parallel calls counts each other's rows and no more
// than the limit gets through. The limits are store settings, read in the same transaction.

/** Where the limits' defaults come from: the store settings a store has before an admin changes them. */
export type ShopperLimitRules = { storeDefaults: StoreSettings };

export function throwIfRefused(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.params);
}

/** What the shopper holds now, as {@link shopperHoldings} counts it. */
export type ShopperHoldings = {
  unpaidOrders: number;
  nthLatestPlacedAtMs: number | null;
  unitsHeld: { productId: string; variantPath: string; units: number }[];
};

/**
 * What the order's limits count, as one value to read in the order's transaction after the shopper's row
 * lock is taken (another order of theirs cannot be written meanwhile, and a cancellation or expiry only
 * lowers what is counted): their unpaid orders, the time of their `maxOrdersPerHour`-th latest order, and
 * the units of `lines`' items in their unpaid orders. The order reads it with the stock rows it locks
 * (lockStock).
 */
export function shopperHoldings(
  userId: string,
  lines: readonly OrderLineDraft[],
  limits: StoreSettings,
): SQL<ShopperHoldings> {
  const productIds = [...new Set(lines.flatMap((line) => (line.stock ? [line.stock.productId] : [])))];
  return sql<ShopperHoldings>`jsonb_build_object(
          'unpaidOrders', (SELECT count(*)::int FROM ${orders}
                            WHERE user_id = ${userId} AND status = 'pending_payment'),
          'nthLatestPlacedAtMs', (SELECT (extract(epoch FROM placed_at) * 1000)::float8 FROM ${orders}
                                   WHERE user_id = ${userId}
                                   ORDER BY placed_at DESC OFFSET ${limits.maxOrdersPerHour - 1} LIMIT 1),
          'unitsHeld', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                                 'productId', held.product_id, 'variantPath', held.variant_path,
                                 'units', held.units)), '[]'::jsonb)
                          FROM (SELECT l.product_id, l.variant_path, sum(l.quantity)::int AS units
                                  FROM ${orderLines} AS l JOIN ${orders} AS o ON o.id = l.order_id
                                 WHERE o.user_id = ${userId} AND o.status = 'pending_payment'
                                   AND l.source <> 'quotation_external'
                                   AND l.product_id = ANY(${uuidArray(productIds)})
                                 GROUP BY l.product_id, l.variant_path) AS held))`;
}

/** Refuses an order of `lines` that would take the shopper past their `limits`, given what they hold. */
export function assertWithinOrderLimits(
  holdings: ShopperHoldings,
  lines: readonly OrderLineDraft[],
  limits: StoreSettings,
): void {
  const taken = lines.flatMap((line) => (line.stock ? [{ ...line.stock, quantity: line.quantity }] : []));
  const held = new Map(
    holdings.unitsHeld.map((item) => [`${item.productId}|${item.variantPath}`, item.units]),
  );
  throwIfRefused(
    newOrderRefusal(
      limits,
      {
        unpaidOrders: holdings.unpaidOrders,
        nthLatestPlacedAt:
          holdings.nthLatestPlacedAtMs === null ? null : new Date(holdings.nthLatestPlacedAtMs),
        unitsHeld: (productId, variantPath) => held.get(`${productId}|${variantPath}`) ?? 0,
      },
      taken,
      new Date(),
    ),
  );
}

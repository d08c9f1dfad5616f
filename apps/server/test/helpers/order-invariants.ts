import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query-rows.js';
import { cartItems } from '../../src/features/cart/cart.table.js';
import { products, productVariants } from '../../src/features/catalogue/catalogue.table.js';
import { orderEvents, orderLines, orders } from '../../src/features/orders/orders.table.js';
import { voucherRedemptions, vouchers } from '../../src/features/vouchers/vouchers.table.js';

/**
 * What must hold in the order tables whatever ran at the same time, or was killed half-way: each a list of
 * the rows that break it, so a failure names them. `startingStock` is each watched product's stock before
 * any order: its stock now plus the units its live (not cancelled) orders hold must still equal it.
 */
export async function orderInvariantBreaches(
  db: Database,
  startingStock: ReadonlyMap<string, number>,
): Promise<Record<string, unknown[]>> {
  const rows = (query: SQL) => queryRows<Record<string, unknown>>(db, query);
  const watched = [...startingStock.keys()];
  const held =
    watched.length === 0
      ? []
      : await rows(sql`
          select ${products.id} as product_id, ${products.stock} as stock,
            coalesce((
              select sum(${orderLines.quantity}) from ${orderLines}
              join ${orders} on ${orders.id} = ${orderLines.orderId}
              where ${orderLines.productId} = ${products.id}
                and ${orderLines.source} <> 'quotation_external' and ${orders.status} <> 'cancelled'
            ), 0)::int as ordered
          from ${products}
          where ${products.id} in (${sql.join(
            watched.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`);
  return {
    stockNotConserved: held.flatMap((row) => {
      const starting = startingStock.get(String(row.product_id));
      return Number(row.stock) + Number(row.ordered) === starting ? [] : [{ ...row, starting }];
    }),
    negativeStock: [
      ...(await rows(sql`select ${products.id} as id from ${products} where ${products.stock} < 0`)),
      ...(await rows(
        sql`select ${productVariants.productId} as id from ${productVariants} where ${productVariants.stock} < 0`,
      )),
    ],
    ordersWithoutLines: await rows(sql`
      select ${orders.id} as id from ${orders}
      where not exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id})`),
    ordersWithoutPlacedEvent: await rows(sql`
      select ${orders.id} as id from ${orders}
      where not exists (select 1 from ${orderEvents}
        where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.toStatus} = 'pending_payment')`),
    cancelledOrdersWithoutCancelEvent: await rows(sql`
      select ${orders.id} as id from ${orders}
      where ${orders.status} = 'cancelled' and (select count(*) from ${orderEvents}
        where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.toStatus} = 'cancelled') <> 1`),
    voucherOrdersWithoutRedemption: await rows(sql`
      select ${orders.id} as id from ${orders}
      where ${orders.voucherId} is not null and not exists (
        select 1 from ${voucherRedemptions} where ${voucherRedemptions.orderId} = ${orders.id})`),
    redemptionsWithoutOrder: await rows(sql`
      select ${voucherRedemptions.id} as id from ${voucherRedemptions}
      where not exists (select 1 from ${orders} where ${orders.id} = ${voucherRedemptions.orderId})`),
    redemptionsHeldByCancelledOrders: await rows(sql`
      select ${voucherRedemptions.id} as id from ${voucherRedemptions}
      join ${orders} on ${orders.id} = ${voucherRedemptions.orderId}
      where ${orders.status} = 'cancelled' and ${voucherRedemptions.releasedAt} is null`),
    voucherCountsOff: await rows(sql`
      select ${vouchers.code} as code, ${vouchers.redeemedCount} as redeemed_count from ${vouchers}
      where ${vouchers.redeemedCount} <> (select count(*) from ${voucherRedemptions}
        where ${voucherRedemptions.voucherId} = ${vouchers.id} and ${voucherRedemptions.releasedAt} is null)`),
    cartLinesOrderedAndStillInCart: await rows(sql`
      select ${orderLines.cartItemId} as id from ${orderLines}
      join ${cartItems} on ${cartItems.id} = ${orderLines.cartItemId}`),
  };
}

/** The breaches object with no breach in it, to compare against. */
export const NO_ORDER_BREACHES = {
  stockNotConserved: [],
  negativeStock: [],
  ordersWithoutLines: [],
  ordersWithoutPlacedEvent: [],
  cancelledOrdersWithoutCancelEvent: [],
  voucherOrdersWithoutRedemption: [],
  redemptionsWithoutOrder: [],
  redemptionsHeldByCancelledOrders: [],
  voucherCountsOff: [],
  cartLinesOrderedAndStillInCart: [],
};

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query-rows.js';
import { cartItems } from '../../src/features/cart/cart.table.js';
import { products, productVariants } from '../../src/features/catalogue/catalogue.table.js';
import { orderRefunds, payments } from '../../src/features/orders/order-ledger.table.js';
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
  return {
    stockNotConserved: await unconservedStock(db, startingStock),
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

/**
 * Each product's stock now and the units its live (not cancelled) orders hold: together they stay what the
 * product had before any of those orders, whatever ran at the same time.
 */
export function stockWithLiveOrders(
  db: Database,
  productIds: readonly string[],
): Promise<{ product_id: string; stock: number; ordered: number }[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`
      select ${products.id} as product_id, ${products.stock} as stock,
        coalesce((
          select sum(${orderLines.quantity}) from ${orderLines}
          join ${orders} on ${orders.id} = ${orderLines.orderId}
          where ${orderLines.productId} = ${products.id}
            and ${orderLines.source} <> 'quotation_external' and ${orders.status} <> 'cancelled'
        ), 0)::int as ordered
      from ${products}
      where ${products.id} in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
}

/** The watched products whose stock plus the units of their live orders is no longer their starting stock. */
export async function unconservedStock(
  db: Database,
  startingStock: ReadonlyMap<string, number>,
): Promise<Record<string, unknown>[]> {
  const held = await stockWithLiveOrders(db, [...startingStock.keys()]);
  return held.flatMap((row) => {
    const starting = startingStock.get(String(row.product_id));
    return Number(row.stock) + Number(row.ordered) === starting ? [] : [{ ...row, starting }];
  });
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

/** What the card provider took and gave back for one order, by its own account. */
export type ProviderMoney = { takenMinor: number; refundedMinor: number };

/**
 * What must hold for the money of these orders, however their commands interleaved, once every refund
 * job has run: each as a sentence naming the order, so a failure says what broke.
 * - the store's ledger agrees with the provider: the card money it received is what the provider took
 *   (once the provider's events have arrived), and the card refunds it made are what it gave back;
 * - money received = money kept + money refunded + money being refunded + money owed back, where a
 *   cancelled order keeps nothing;
 * - a cancelled card order owes nothing once its refunds are answered: the card was refunded in full;
 * - an order was paid at most once and cancelled at most once, and an order paid has a paid event.
 */
export async function orderMoneyBreaches(
  db: Database,
  orderIds: readonly string[],
  providerMoneyOf: (orderId: string) => ProviderMoney,
  /**
   * The provider may have taken money whose event has not reached the store yet (a bank's check just
   * passed): the store's record may then be behind the provider's, never ahead of it.
   */
  options: { eventsInFlight?: boolean } = {},
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    status: string;
    method: string;
    paid_at: Date | null;
    received: string | number;
    card_received: string | number;
    refunded: string | number;
    card_refunded: string | number;
    refunding: string | number;
    paid_events: number;
    cancelled_events: number;
  }>(
    db,
    sql`select o.id, o.status, o.payment_method as method, o.paid_at,
          coalesce((select sum(p.amount_minor) from ${payments} p where p.order_id = o.id and p.status = 'succeeded'), 0) as received,
          coalesce((select sum(p.amount_minor) from ${payments} p
                     where p.order_id = o.id and p.status = 'succeeded' and p.method = 'card'), 0) as card_received,
          coalesce((select sum(r.amount_minor) from ${orderRefunds} r where r.order_id = o.id and r.status = 'succeeded'), 0) as refunded,
          coalesce((select sum(r.amount_minor) from ${orderRefunds} r
                     where r.order_id = o.id and r.status = 'succeeded' and r.method = 'card'), 0) as card_refunded,
          coalesce((select sum(r.amount_minor) from ${orderRefunds} r where r.order_id = o.id and r.status = 'pending'), 0) as refunding,
          (select count(*)::int from ${orderEvents} e where e.order_id = o.id and e.to_status = 'paid') as paid_events,
          (select count(*)::int from ${orderEvents} e where e.order_id = o.id and e.to_status = 'cancelled') as cancelled_events
        from ${orders} o
        where o.id in (${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const breaches: string[] = [];
  for (const row of rows) {
    const received = Number(row.received);
    const refunded = Number(row.refunded);
    const refunding = Number(row.refunding);
    const provider = providerMoneyOf(row.id);
    const cancelled = row.status === 'cancelled';
    const kept = cancelled ? 0 : received - refunded - refunding;
    const owedBack = cancelled ? received - refunded - refunding : 0;
    const say = (what: string) => breaches.push(`order ${row.id} (${row.status}, ${row.method}): ${what}`);
    const cardReceived = Number(row.card_received);
    if (options.eventsInFlight ? cardReceived > provider.takenMinor : cardReceived !== provider.takenMinor) {
      say(`received ${row.card_received} by card, the provider took ${provider.takenMinor}`);
    }
    if (Number(row.card_refunded) !== provider.refundedMinor) {
      say(`refunded ${row.card_refunded} by card, the provider gave back ${provider.refundedMinor}`);
    }
    if (received !== kept + refunded + refunding + owedBack || kept < 0 || owedBack < 0) {
      say(
        `received ${received} is not kept ${kept} + refunded ${refunded} + refunding ${refunding} + owed ${owedBack}`,
      );
    }
    if (cancelled && row.method === 'card' && owedBack + refunding > 0) {
      say(`cancelled holding ${owedBack + refunding} of card money not refunded`);
    }
    if (row.paid_events > 1 || row.cancelled_events > 1) {
      say(`paid ${row.paid_events} times and cancelled ${row.cancelled_events} times`);
    }
    if ((row.paid_at !== null) !== (row.paid_events === 1)) {
      say(`paid at ${String(row.paid_at)} with ${row.paid_events} paid events`);
    }
  }
  if (rows.length !== orderIds.length) breaches.push(`${orderIds.length - rows.length} orders are missing`);
  return breaches;
}

import type { StoreOrderExportQuery, StoreOrderListQuery, StoreOrderSummary } from '@crossbuy/core/order';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { storeDayStart } from '../../db/store-day.js';
import { users } from '../users/users.table.js';
import { summariesOf } from './orders.service.js';
import { orders } from './orders.table.js';

// The store's order desk (docs/rules/orders.md): every shopper's orders, found by status, payment
// method, the days they were placed, a reference or the shopper.

/** An order reference as the shopper sees it (CB- and eight letters or digits), in any case. */
const ORDER_REF_QUERY = /^CB-[0-9A-Z]{8}$/i;

/**
 * The desk's filters as one condition on orders joined to their shoppers: status, payment method, the store
 * days placed (Singapore days, as the dashboard counts them; a range on orders_placed_idx), and an order
 * reference or part of the shopper's email or name. The desk and the order export share it, so a download
 * holds what the desk shows. `readsShopper`: whether the condition needs the shopper's row.
 */
export function storeOrderFilter(query: StoreOrderExportQuery): {
  where: SQL | undefined;
  readsShopper: boolean;
} {
  const text = query.q ?? '';
  const byReference = text !== '' && ORDER_REF_QUERY.test(text);
  const filters = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.paymentMethod ? eq(orders.paymentMethod, query.paymentMethod) : undefined,
    query.placedFrom ? gte(orders.placedAt, storeDayStart(query.placedFrom)) : undefined,
    query.placedTo ? lt(orders.placedAt, storeDayStart(query.placedTo, 1)) : undefined,
    text === ''
      ? undefined
      : byReference
        ? eq(orders.orderRef, text.toUpperCase())
        : or(
            ilike(users.email, containingPattern(text)),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containingPattern(text)),
          ),
  ];
  return { where: and(...filters), readsShopper: text !== '' && !byReference };
}

/**
 * The store's order desk: every shopper's orders, newest first, narrowed by {@link storeOrderFilter}. Each
 * comes with its customer and the shopper's messages the store has not read.
 */
export async function listStoreOrders(
  db: Database,
  query: StoreOrderListQuery,
): Promise<{ orders: StoreOrderSummary[]; page: number; limit: number; total: number }> {
  const { where, readsShopper } = storeOrderFilter(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    // The shopper's row is needed to count only when the search reads their email or name.
    readsShopper
      ? db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where)
      : db.select({ total: count() }).from(orders).where(where),
  ]);
  const summaries = await summariesOf(
    db,
    rows.map((row) => row.order),
    'store',
  );
  return {
    orders: summaries.map((summary, index) => {
      const row = rows[index] as (typeof rows)[number];
      return {
        ...summary,
        customer: { id: row.order.userId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() },
      };
    }),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}

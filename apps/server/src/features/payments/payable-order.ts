import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import { decideOrder, type PaymentMethod } from '@crossbuy/core/order';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { snapshotOfRow } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import type { CardProviderContext } from './stripe-gateway.js';

// What every way of paying starts from: the shopper's own order, refused at once when its machine would
// refuse the payment, and its total as stored.

export type PaymentContext = CardProviderContext & { config: AppConfig };

export async function shopperOrder(db: Database, userId: string, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    : [];
  if (!order) throw new AppError('order/not_found');
  return order;
}

/**
 * Refuses at once a payment the order's machine would refuse, before the card provider is called; the
 * machine decides again under the order's lock, which is what counts.
 */
export function refuseUnlessPayable(order: OrderRow, method: PaymentMethod): void {
  const decision = decideOrder(snapshotOfRow(order), { kind: 'start_payment', method });
  if (!decision.ok) throw new AppError(decision.refusal, decision.params);
}

export const totalOf = (order: OrderRow): Money => ({
  amountMinor: order.totalMinor,
  currency: order.currency,
});

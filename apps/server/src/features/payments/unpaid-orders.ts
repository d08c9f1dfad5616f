import { AppError } from '@crossbuy/core/errors';
import { CARD_ATTEMPT_GRACE_MINUTES, ORDER_STATUS, type Order } from '@crossbuy/core/order';
import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { applyOrderCommand } from '../orders/order-lifecycle.js';
import { commandOwnOrder } from '../orders/order-moves.js';
import { ownOrderRow } from '../orders/orders.service.js';
import { orders } from '../orders/orders.table.js';
import { stopCardPayments } from './card-payments.service.js';
import type { CardProviderContext } from './stripe-gateway.js';

// Orders still waiting for their money, cancelled by their shopper or when their time runs out
// (docs/rules/orders.md). A card payment may be in flight at the provider, so it is stopped there first:
// which is why these moves are the payments feature's, above orders.

/**
 * Cancels the shopper's unpaid order; its stock and voucher are given back. A card payment under way is
 * stopped at the provider first; if the provider took the money meanwhile the order is paid and stays so.
 * A PayNow transfer the shopper said they sent waits for the store.
 */
export async function cancelOwnOrder(
  context: CardProviderContext,
  userId: string,
  orderId: string,
  reason: string,
): Promise<Order> {
  const order = await ownOrderRow(context.db, userId, orderId);
  if (order.status === ORDER_STATUS.pendingPayment) await stopCardPayments(context, order.id);
  return commandOwnOrder(context.db, userId, orderId, {
    command: { kind: 'cancel', by: 'shopper' },
    detail: { reason: reason || null },
    set: { cancelReason: reason || 'Cancelled by the shopper' },
  });
}

export const EXPIRE_UNPAID_JOB = 'orders.expire_unpaid';
export const EXPIRE_UNPAID_EVERY_SECONDS = 60;
const EXPIRY_BATCH = 100;

/**
 * Cancels unpaid orders whose payment time has passed, a batch at a time, each in its own transaction with
 * the order's row lock (skipping orders another process is handling), as the order's machine decides: a
 * payment arriving at the same moment either lands first (and the order is paid) or finds the order
 * cancelled and goes back to the shopper. An order whose shopper said a PayNow transfer is made waits for
 * the store. A card payment left at the shopper's bank for a while is stopped at the provider first; one
 * still fresh, or that the provider cannot be asked about now, leaves the order for the next sweep.
 */
export async function expireUnpaidOrders(
  context: CardProviderContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const { db } = context;
  const stale = new Date(now.getTime() - CARD_ATTEMPT_GRACE_MINUTES * 60_000);
  let expired = 0;
  // Orders this sweep leaves for a later one (paid meanwhile, a payment under way) are not read again.
  const passedOver = new Set<string>();
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, ORDER_STATUS.pendingPayment),
          lte(orders.paymentDueAt, now),
          isNull(orders.paynowMarkedPaidAt),
          passedOver.size > 0 ? notInArray(orders.id, [...passedOver]) : undefined,
        ),
      )
      .orderBy(asc(orders.paymentDueAt))
      .limit(EXPIRY_BATCH);
    for (const { id } of due) {
      if (signal?.aborted) return expired;
      if (await expireOrder(context, id, now, stale)) expired += 1;
      else passedOver.add(id);
    }
    if (due.length < EXPIRY_BATCH) return expired;
  }
}

/** Expires one order if its machine lets it now; false when it is left for a later sweep. */
async function expireOrder(context: CardProviderContext, orderId: string, now: Date, stale: Date) {
  try {
    await stopCardPayments(context, orderId, { activeBefore: stale });
  } catch (error) {
    if (error instanceof AppError && error.code === 'payment/provider_error') return false;
    throw error;
  }
  try {
    return await context.db.transaction(async (tx) => {
      const applied = await applyOrderCommand(tx, {
        orderId,
        command: { kind: 'expire', now },
        actor: 'system',
        detail: { reason: 'payment_expired' },
        set: { cancelReason: 'Payment was not received in time' },
        skipLocked: true,
      });
      return applied !== undefined;
    });
  } catch (error) {
    // Paid, marked as sent or under way meanwhile: the machine says so, and the order is not expired.
    if (error instanceof AppError) return false;
    throw error;
  }
}

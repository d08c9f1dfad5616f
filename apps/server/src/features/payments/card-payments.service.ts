import { AppError } from '@crossbuy/core/errors';
import { ORDER_STATUS, PAYMENT_METHOD, type PayResult, type SavedCard } from '@crossbuy/core/order';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { payments } from '../orders/order-ledger.table.js';
import { applyOrderCommand } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { type PaymentContext, refuseUnlessPayable, totalOf } from './payable-order.js';
import { recordCardFailure, settleCardIntent } from './payment-receipts.js';
import { paymentCustomers } from './payments.table.js';
import type { CardProviderContext, StripeGateway } from './stripe-gateway.js';

// Paying by card through the provider, stopping card payments in flight, and the shopper's saved cards.

async function customerOf(
  { db, gateway }: PaymentContext & { gateway: StripeGateway },
  userId: string,
  options: { create: boolean },
): Promise<string | undefined> {
  const find = async () =>
    (
      await db
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, userId))
    )[0]?.id;
  const known = await find();
  if (known || !options.create) return known;
  const created = await gateway.createCustomer(userId);
  await db.insert(paymentCustomers).values({ userId, providerCustomerId: created }).onConflictDoNothing();
  return find();
}

/** The card payment of an order still open at the provider, to confirm again rather than start anew. */
function openCardIntentQuery(db: Database, orderId: string | typeof orders.id) {
  return db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, PAYMENT_METHOD.card),
        inArray(payments.status, ['pending', 'failed']),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(1);
}

export async function openCardIntent(db: Database, orderId: string): Promise<string | undefined> {
  const [open] = await openCardIntentQuery(db, orderId);
  return open?.providerRef ?? undefined;
}

/**
 * The shopper's order as a card payment starts from it, in one round trip: the provider's customer the
 * shopper pays as (null before their first card payment), the order's intent still open at the provider,
 * and how many of its intents were stopped (each later attempt needs an intent of its own).
 */
const cardPaymentStartOf = builtOnce('payments_card_start', (db) =>
  db
    .select({
      order: orders,
      customerId: sql<string | null>`(${db
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, orders.userId))})`,
      openIntentId: sql<string | null>`(${openCardIntentQuery(db, orders.id)})`,
      stoppedIntents: sql<number>`(${db
        .select({ stopped: count() })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orders.id),
            eq(payments.method, PAYMENT_METHOD.card),
            eq(payments.status, 'cancelled'),
          ),
        )})`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId')))),
);

async function cardPaymentStart(db: Database, userId: string, orderId: string) {
  const [row] = isUuid(orderId) ? await cardPaymentStartOf(db, { orderId, userId }) : [];
  if (!row) throw new AppError('order/not_found');
  return row;
}

/**
 * Registers a card attempt under the order's lock, after the machine let it start: from now until the
 * provider answers, the order's payment is in flight, so a cancel or an expiry stops it at the provider
 * first. A declined attempt on the same intent is in flight again.
 */
async function startCardAttempt(tx: Database, order: OrderRow, userId: string, intentId: string) {
  await applyOrderCommand(tx, {
    orderId: order.id,
    command: { kind: 'start_payment', method: PAYMENT_METHOD.card },
    actor: 'shopper',
    actorUserId: userId,
  });
  const [attempt] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      method: PAYMENT_METHOD.card,
      providerRef: intentId,
      status: 'pending',
      amountMinor: order.totalMinor,
      currency: order.currency,
    })
    .onConflictDoUpdate({
      target: payments.providerRef,
      set: { status: 'pending', failureMessage: null, updatedAt: new Date() },
      setWhere: inArray(payments.status, ['pending', 'failed']),
    })
    .returning();
  // The intent was stopped by a cancel that has not finished: the order is on its way out.
  if (!attempt) throw new AppError('payment/not_payable');
}

/** What the shopper is told of money taken for an order that no longer wanted it. */
const REFUNDING_ANSWER: PayResult = {
  status: 'refunding',
  message:
    'This order was closed before your payment went through. We are refunding the full amount to your card.',
};

/**
 * Pays an order by card: the amount is the order's total as stored, never the client's. The intent is
 * made first (it moves no money), then registered as the order's payment in flight under the order's
 * lock, then confirmed with the card the browser handed to the provider. The shopper is told the payment
 * succeeded only when it paid the order.
 */
export async function payByCard(
  context: PaymentContext,
  userId: string,
  input: { orderId: string; paymentMethodId: string; savePaymentMethod: boolean },
): Promise<PayResult> {
  const { db, gateway } = context;
  const start = await cardPaymentStart(db, userId, input.orderId);
  const { order } = start;
  refuseUnlessPayable(order, PAYMENT_METHOD.card);
  if (!gateway) throw new AppError('payment/card_unavailable');
  const customerId =
    start.customerId ?? (await customerOf({ ...context, gateway }, userId, { create: true }));
  if (!customerId) throw new Error('the payment customer was not stored');
  const intentId =
    start.openIntentId ??
    (
      await gateway.createOrderIntent({
        id: order.id,
        orderRef: order.orderRef,
        amount: totalOf(order),
        customerId,
        attempt: start.stoppedIntents,
      })
    ).id;
  await db.transaction((tx) => startCardAttempt(tx, order, userId, intentId));
  const confirmation = await gateway.confirmIntent(intentId, input.paymentMethodId, input.savePaymentMethod);
  if (confirmation.outcome === 'declined') {
    await db.transaction((tx) =>
      recordCardFailure(tx, {
        id: intentId,
        status: 'requires_payment_method',
        clientSecret: null,
        amount: totalOf(order),
        orderId: order.id,
        failureMessage: confirmation.message,
      }),
    );
    return { status: 'failed', message: confirmation.message };
  }
  const { intent } = confirmation;
  const outcome = await db.transaction((tx) => settleCardIntent(tx, intent));
  switch (intent.status) {
    case 'succeeded':
      // The provider's event may have recorded the payment first (a duplicate here): whether it paid the
      // order, or arrived after a cancel and is being refunded, the order now says.
      return outcome === 'refund_due' || (outcome !== 'paid' && !(await paidFor(db, order.id)))
        ? REFUNDING_ANSWER
        : { status: 'succeeded' };
    case 'requires_action':
      return { status: 'requires_action', ...(intent.clientSecret && { clientSecret: intent.clientSecret }) };
    case 'processing':
      return { status: 'processing' };
    case 'canceled':
      return { status: 'failed', message: 'This order was cancelled, so your card was not charged' };
    default:
      return { status: 'failed', message: intent.failureMessage ?? 'The payment did not go through' };
  }
}

/**
 * Whether the order was paid: reported twice (the provider's event got there first), a payment counts as
 * the shopper's only when the order it paid is paid and not cancelled since.
 */
async function paidFor(db: Database, orderId: string): Promise<boolean> {
  const [order] = await db
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order !== undefined && order.paidAt !== null && order.status !== ORDER_STATUS.cancelled;
}

/**
 * Stops the order's card payments the provider may still complete, before the order is cancelled: each
 * intent is cancelled at the provider, so the shopper's bank check (3-D Secure) can no longer take money.
 * An intent the provider completed meanwhile is received instead, and pays the order. With
 * `activeBefore`, only attempts idle since then are stopped (expiry leaves a shopper at their bank a while).
 * Without card keys nothing can complete an intent through this store, so none is in flight.
 */
export async function stopCardPayments(
  context: CardProviderContext,
  orderId: string,
  options: { activeBefore?: Date } = {},
): Promise<void> {
  const { db, gateway } = context;
  const attempts = await db
    .select({ id: payments.id, providerRef: payments.providerRef })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, PAYMENT_METHOD.card),
        eq(payments.status, 'pending'),
        options.activeBefore ? lte(payments.updatedAt, options.activeBefore) : undefined,
      ),
    );
  for (const attempt of attempts) {
    const intent =
      gateway && attempt.providerRef ? await gateway.cancelIntent(attempt.providerRef) : undefined;
    await db.transaction(async (tx) => {
      if (intent) {
        await settleCardIntent(tx, intent);
      } else {
        await tx
          .update(payments)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(and(eq(payments.id, attempt.id), eq(payments.status, 'pending')));
      }
    });
  }
}

export async function savedCards(context: PaymentContext, userId: string): Promise<SavedCard[]> {
  const { gateway } = context;
  if (!gateway) return [];
  const customerId = await customerOf({ ...context, gateway }, userId, { create: false });
  return customerId ? gateway.listCards(customerId) : [];
}

export async function removeSavedCard(
  context: PaymentContext,
  userId: string,
  cardId: string,
): Promise<void> {
  const { gateway } = context;
  if (!gateway) throw new AppError('payment/card_not_found');
  const customerId = await customerOf({ ...context, gateway }, userId, { create: false });
  if (!customerId || (await gateway.cardOwner(cardId)) !== customerId) {
    throw new AppError('payment/card_not_found');
  }
  await gateway.detachCard(cardId);
}

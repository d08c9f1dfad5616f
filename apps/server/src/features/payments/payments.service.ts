import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYNOW_CURRENCY,
  type PaymentInfo,
  type PaymentMethod,
  type PaynowPanel,
  type PayResult,
  paynowAmount,
  paynowExpiryDate,
  readPaynowPayload,
  type SavedCard,
  TEST_CARDS,
} from '@crossbuy/core/order';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import PaynowQR from 'paynowqr';
import QRCode from 'qrcode';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifications } from '../notifications/notifications.table.js';
import { moveOrder, type OrderActor, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import { paymentCustomers, paymentProviderEvents, payments } from './payments.table.js';
import { settleCardRefund } from './refunds.service.js';
import { type CardIntent, cardIntentOf, cardRefundOf, type StripeGateway } from './stripe-gateway.js';

export type PaymentContext = { db: Database; gateway: StripeGateway | undefined; config: AppConfig };

async function shopperOrder(db: Database, userId: string, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    : [];
  if (!order) throw new AppError('order/not_found');
  return order;
}

function requirePayable(order: OrderRow, method: PaymentMethod): void {
  if (order.status !== 'pending_payment') throw new AppError('payment/not_payable');
  if (order.paymentMethod !== method) {
    throw new AppError('payment/wrong_method', [PAYMENT_METHOD_LABELS[order.paymentMethod]]);
  }
}

const totalOf = (order: OrderRow): Money => ({ amountMinor: order.totalMinor, currency: order.currency });

type PaidOutcome = 'paid' | 'already_paid' | 'not_payable';

/**
 * The one way a payment makes an order paid, inside the caller's transaction. The order row is locked
 * first, so of parallel reports of one payment (the pay call's answer, the provider's webhook, a retry)
 * one pays the order and the others find it paid. Provider money that arrives for an order no longer
 * waiting (cancelled when it expired), or for another amount, is recorded on its timeline for the store
 * to refund.
 */
export async function markOrderPaid(
  tx: Database,
  payment: {
    orderId: string;
    method: PaymentMethod;
    providerRef: string | null;
    amount: Money;
    actor: OrderActor;
    actorUserId?: string | null;
  },
): Promise<PaidOutcome> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  if (!order) return 'not_payable';
  const [known] = payment.providerRef
    ? await tx.select().from(payments).where(eq(payments.providerRef, payment.providerRef))
    : [];
  if (known?.status === 'succeeded') return 'already_paid';
  const reference = payment.providerRef ?? order.orderRef;
  const total = totalOf(order);
  const amountMatches =
    payment.amount.amountMinor === total.amountMinor && payment.amount.currency === total.currency;
  if (order.status !== 'pending_payment' || !amountMatches) {
    // Only money a provider reports as taken needs the store's attention; a late test card or a second
    // confirmation moved none.
    if (!payment.providerRef) return 'not_payable';
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actor: payment.actor,
      actorUserId: payment.actorUserId,
      detail: {
        method: payment.method,
        result: amountMatches ? 'received_after_close' : 'amount_mismatch',
        reference,
        amountMinor: payment.amount.amountMinor,
        currency: payment.amount.currency,
      },
    });
    return 'not_payable';
  }
  if (known) {
    await tx
      .update(payments)
      .set({ status: 'succeeded', failureMessage: null, updatedAt: new Date() })
      .where(eq(payments.id, known.id));
  } else {
    await tx.insert(payments).values({
      orderId: order.id,
      method: payment.method,
      providerRef: payment.providerRef,
      status: 'succeeded',
      amountMinor: total.amountMinor,
      currency: total.currency,
    });
  }
  await moveOrder(tx, {
    orderId: order.id,
    to: 'paid',
    actor: payment.actor,
    actorUserId: payment.actorUserId ?? null,
    detail: { method: payment.method, reference, amountMinor: total.amountMinor, currency: total.currency },
  });
  return 'paid';
}

/** The order an intent pays: named in its metadata, or known by the payment it was recorded as. */
async function orderOfIntent(tx: Database, intent: CardIntent): Promise<string | undefined> {
  if (intent.orderId && isUuid(intent.orderId)) return intent.orderId;
  const [payment] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerRef, intent.id));
  return payment?.orderId;
}

async function settleCardSuccess(tx: Database, intent: CardIntent): Promise<PaidOutcome> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return 'not_payable';
  return markOrderPaid(tx, {
    orderId,
    method: 'card',
    providerRef: intent.id,
    amount: intent.amount,
    actor: 'provider',
  });
}

async function recordCardFailure(tx: Database, intent: CardIntent): Promise<void> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return;
  const message = intent.failureMessage ?? 'The payment was declined';
  await tx
    .update(payments)
    .set({ failureMessage: message, updatedAt: new Date() })
    .where(and(eq(payments.providerRef, intent.id), eq(payments.status, 'pending')));
  await recordPaymentEvent(tx, {
    orderId,
    actor: 'provider',
    detail: { method: 'card', result: 'failed', reference: intent.id, message },
  });
}

/**
 * A card provider event, processed once: its id is recorded in the same transaction as its effect, so a
 * delivery repeated (the provider retries until it hears 2xx), in parallel or later, changes nothing.
 */
export async function handleProviderEvent(db: Database, event: Stripe.Event): Promise<void> {
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentProviderEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return;
    if (event.type === 'payment_intent.succeeded') {
      await settleCardSuccess(tx, cardIntentOf(event.data.object));
    } else if (event.type === 'payment_intent.payment_failed') {
      await recordCardFailure(tx, cardIntentOf(event.data.object));
    } else if (event.type === 'refund.updated' || event.type === 'refund.failed') {
      // A refund the provider answered later than the call that asked for it (the bank took its time,
      // or this server stopped before it heard the answer).
      const refund = cardRefundOf(event.data.object);
      if (refund.refundId && isUuid(refund.refundId)) {
        await settleCardRefund(tx, refund.refundId, { ...refund, providerRef: refund.id });
      }
    }
  });
}

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
async function openCardIntent(db: Database, orderId: string): Promise<string | undefined> {
  const [open] = await db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card'), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return open?.providerRef ?? undefined;
}

/**
 * Pays an order by card: the amount is the order's total as stored, never the client's; one intent per
 * order (an idempotency key per order, and the payment row unique by intent), confirmed with the card the
 * browser handed to the provider.
 */
export async function payByCard(
  context: PaymentContext,
  userId: string,
  input: { orderId: string; paymentMethodId: string; savePaymentMethod: boolean },
): Promise<PayResult> {
  const { db, gateway } = context;
  const order = await shopperOrder(db, userId, input.orderId);
  requirePayable(order, 'card');
  if (!gateway) throw new AppError('payment/card_unavailable');
  const customerId = await customerOf({ ...context, gateway }, userId, { create: true });
  if (!customerId) throw new Error('the payment customer was not stored');
  let intentId = await openCardIntent(db, order.id);
  if (!intentId) {
    const intent = await gateway.createOrderIntent({
      id: order.id,
      orderRef: order.orderRef,
      amount: totalOf(order),
      customerId,
    });
    await db
      .insert(payments)
      .values({
        orderId: order.id,
        method: 'card',
        providerRef: intent.id,
        status: 'pending',
        amountMinor: order.totalMinor,
        currency: order.currency,
      })
      .onConflictDoNothing();
    intentId = intent.id;
  }
  const confirmation = await gateway.confirmIntent(intentId, input.paymentMethodId, input.savePaymentMethod);
  if (confirmation.outcome === 'declined') return { status: 'failed', message: confirmation.message };
  const { intent } = confirmation;
  switch (intent.status) {
    case 'succeeded':
      await db.transaction((tx) => settleCardSuccess(tx, intent));
      return { status: 'succeeded' };
    case 'requires_action':
      return { status: 'requires_action', ...(intent.clientSecret && { clientSecret: intent.clientSecret }) };
    case 'processing':
      return { status: 'processing' };
    default:
      return { status: 'failed', message: intent.failureMessage ?? 'The payment did not go through' };
  }
}

/**
 * The development stand-in for a card: no money moves. It exists only without provider keys and never in
 * production, and pays through the same path as a real card.
 */
export async function payByTestCard(
  { db, config }: PaymentContext,
  userId: string,
  input: { orderId: string; cardNumber: string },
): Promise<PayResult> {
  if (!config.testCardEnabled) throw new AppError('payment/test_card_unavailable');
  const order = await shopperOrder(db, userId, input.orderId);
  requirePayable(order, 'test_card');
  if (input.cardNumber === TEST_CARDS.declined) {
    const message = 'Your card was declined (test card)';
    await db.transaction(async (tx) => {
      await tx.insert(payments).values({
        orderId: order.id,
        method: 'test_card',
        status: 'failed',
        amountMinor: order.totalMinor,
        currency: order.currency,
        failureMessage: message,
      });
      await recordPaymentEvent(tx, {
        orderId: order.id,
        actor: 'shopper',
        actorUserId: userId,
        detail: { method: 'test_card', result: 'failed', message },
      });
    });
    return { status: 'failed', message };
  }
  if (input.cardNumber !== TEST_CARDS.paid) throw new AppError('payment/unknown_test_card');
  const outcome = await db.transaction((tx) =>
    markOrderPaid(tx, {
      orderId: order.id,
      method: 'test_card',
      providerRef: null,
      amount: totalOf(order),
      actor: 'shopper',
      actorUserId: userId,
    }),
  );
  if (outcome !== 'paid') throw new AppError('payment/not_payable');
  return { status: 'succeeded' };
}

async function paynowPanel(config: AppConfig, order: OrderRow): Promise<PaynowPanel> {
  if (!config.paynow || order.currency !== PAYNOW_CURRENCY) throw new AppError('payment/paynow_unavailable');
  const amount = paynowAmount(order.totalMinor);
  const expiryDate = paynowExpiryDate(order.paymentDueAt);
  const payload = new PaynowQR({
    uen: config.paynow.uen,
    amount,
    editable: false,
    expiry: expiryDate,
    refNumber: order.orderRef,
    company: config.paynow.merchantName,
  }).output();
  // The generator's output is read back before a shopper's bank sees it: a wrong amount or reference would
  // send money that cannot be matched to the order.
  const request = readPaynowPayload(payload);
  if (request?.amount !== amount || request.reference !== order.orderRef || request.expiry !== expiryDate) {
    throw new Error('the PayNow payload does not say what was asked');
  }
  return {
    payload,
    qrImage: await QRCode.toDataURL(payload, { margin: 1, width: 280, errorCorrectionLevel: 'M' }),
    reference: order.orderRef,
    expiryDate,
    merchantName: config.paynow.merchantName,
    markedPaidAt: order.paynowMarkedPaidAt?.toISOString() ?? null,
  };
}

/** What the order page needs to pay an order by its method. */
export async function paymentInfo(
  context: PaymentContext,
  userId: string,
  orderId: string,
): Promise<PaymentInfo> {
  const { db, gateway, config } = context;
  const order = await shopperOrder(db, userId, orderId);
  const payable = order.status === 'pending_payment';
  const info: PaymentInfo = {
    orderId: order.id,
    orderRef: order.orderRef,
    method: order.paymentMethod,
    amount: totalOf(order),
    payable,
    paymentDueAt: order.paymentDueAt.toISOString(),
  };
  if (!payable) return info;
  if (order.paymentMethod === 'paynow') return { ...info, paynow: await paynowPanel(config, order) };
  if (order.paymentMethod === 'card') {
    const intentId = gateway && (await openCardIntent(db, order.id));
    const intent = intentId ? await gateway.retrieveIntent(intentId) : undefined;
    return {
      ...info,
      card: {
        publishableKey: gateway ? (config.stripe.publishableKey ?? null) : null,
        clientSecret: intent?.status === 'requires_action' ? intent.clientSecret : null,
      },
    };
  }
  return info;
}

/** The shopper says the PayNow transfer is made; the store is told, and an operator confirms it. */
export async function markPaynowPaid(db: Database, userId: string, orderId: string): Promise<Date> {
  const order = await shopperOrder(db, userId, orderId);
  requirePayable(order, 'paynow');
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(orders)
      .set({ paynowMarkedPaidAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(orders.id, order.id), eq(orders.status, 'pending_payment'), isNull(orders.paynowMarkedPaidAt)),
      )
      .returning({ at: orders.paynowMarkedPaidAt });
    if (!marked?.at) {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (current?.status !== 'pending_payment' || !current.paynowMarkedPaidAt) {
        throw new AppError('payment/not_payable');
      }
      return current.paynowMarkedPaidAt;
    }
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actor: 'shopper',
      actorUserId: userId,
      detail: { method: 'paynow', result: 'marked_paid', reference: order.orderRef },
    });
    await notifyStore(tx, {
      title: `PayNow to check: order ${order.orderRef}`,
      body: `The shopper says they have sent ${paynowAmount(order.totalMinor)} ${order.currency} by PayNow.`,
      groupKey: `order:${order.id}:paynow`,
    });
    return marked.at;
  });
}

/** Every operator and admin account hears of it. */
async function notifyStore(tx: Database, notice: { title: string; body: string; groupKey: string }) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['operator', 'admin']), isNull(users.blacklistedAt)));
  if (staff.length === 0) return;
  await tx.insert(notifications).values(staff.map(({ id }) => ({ userId: id, ...notice })));
}

/** An operator saw the PayNow transfer arrive: the order is paid. */
export async function confirmPaynow(db: Database, operatorId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw new AppError('order/not_found');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('order/not_found');
    requirePayable(order, 'paynow');
    const outcome = await markOrderPaid(tx, {
      orderId,
      method: 'paynow',
      providerRef: null,
      amount: totalOf(order),
      actor: 'store',
      actorUserId: operatorId,
    });
    if (outcome !== 'paid') throw new AppError('payment/not_payable');
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.confirm_paynow',
      subject: { type: 'order', id: order.id },
      before: { status: order.status },
      after: { status: 'paid' },
    });
  });
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

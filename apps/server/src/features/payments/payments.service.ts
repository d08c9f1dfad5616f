import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import {
  decideOrder,
  EMPTY_LEDGER,
  ORDER_STATUS,
  PAYMENT_METHOD,
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
import { paynowToConfirmNotice } from '@crossbuy/core/order-words';
import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import PaynowQR from 'paynowqr';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config.js';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifications } from '../notifications/notifications.table.js';
import { payments } from '../orders/order-ledger.table.js';
import { applyOrderCommand, type OrderCommandSource, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import { paymentCustomers, paymentProviderEvents } from './payments.table.js';
import { giveBackPayment, settleCardRefund } from './refund-ledger.js';
import {
  type CardIntent,
  type CardProviderContext,
  cardIntentOf,
  cardRefundOf,
  type ProviderEvent,
  type StripeGateway,
} from './stripe-gateway.js';

export type PaymentContext = CardProviderContext & { config: AppConfig };

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

/**
 * Refuses at once a payment the order's machine would refuse, before the card provider is called; the
 * machine decides again under the order's lock, which is what counts.
 */
function refuseUnlessPayable(order: OrderRow, method: PaymentMethod): void {
  const decision = decideOrder(
    {
      status: order.status,
      method: order.paymentMethod,
      totalMinor: order.totalMinor,
      currency: order.currency,
      paymentDueAt: order.paymentDueAt,
      paynowMarked: order.paynowMarkedPaidAt !== null,
      cardAttemptActiveAt: null,
      ledger: EMPTY_LEDGER,
    },
    { kind: 'start_payment', method },
  );
  if (!decision.ok) throw new AppError(decision.refusal, decision.params);
}

const totalOf = (order: OrderRow): Money => ({ amountMinor: order.totalMinor, currency: order.currency });

/** What became of money that arrived: it paid the order, it was known already, or it is owed back. */
export type ReceiptOutcome = 'paid' | 'duplicate' | 'refund_due';

export type ReceivedMoney = {
  orderId: string;
  method: PaymentMethod;
  /** The provider's id of the payment (a PaymentIntent); null for PayNow and the test card. */
  providerRef: string | null;
  amount: Money;
} & OrderCommandSource;

/**
 * The one way money that arrived is recorded, inside the caller's transaction, as the order's machine
 * decides under the order's lock: it pays the order; or it was recorded before (the pay call's answer and
 * the provider's event both report one payment); or the order no longer wants it (cancelled, paid already,
 * another amount), and it is recorded all the same, so it is in the refund ledger, and goes back to the
 * shopper: a card payment is refunded through the provider at once, a PayNow transfer is owed back for an
 * operator to return by bank transfer.
 */
export async function receivePayment(
  tx: Database,
  money: ReceivedMoney,
  command: 'receive_payment' | 'confirm_paynow' = 'receive_payment',
): Promise<ReceiptOutcome> {
  const reference = money.providerRef ?? null;
  // Two reports of one payment (the pay call's answer, the provider's event) each see, under the order's
  // lock, whether the other recorded it, or the second would count the same money twice.
  const {
    order,
    decision,
    recorded: known,
  } = await applyOrderCommand(tx, {
    orderId: money.orderId,
    paymentRef: reference,
    command: (recorded) =>
      command === 'confirm_paynow'
        ? { kind: 'confirm_paynow' }
        : {
            kind: 'receive_payment',
            amount: money.amount,
            alreadyRecorded: recorded?.status === 'succeeded',
          },
    actor: money.actor,
    actorUserId: money.actorUserId ?? null,
    detail: {
      method: money.method,
      reference: reference ?? '',
      amountMinor: money.amount.amountMinor,
      currency: money.amount.currency,
    },
  });
  if (decision.payment === 'duplicate') return 'duplicate';
  const [payment] = known
    ? await tx
        .update(payments)
        .set({
          status: 'succeeded',
          // What the provider says it took, which the order's total only expected.
          amountMinor: money.amount.amountMinor,
          currency: money.amount.currency,
          failureMessage: null,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, known.id))
        .returning()
    : await tx
        .insert(payments)
        .values({
          orderId: order.id,
          method: money.method,
          providerRef: money.providerRef,
          status: 'succeeded',
          amountMinor: money.amount.amountMinor,
          currency: money.amount.currency,
        })
        .returning();
  if (!payment) throw new Error('The payment was not written');
  if (decision.payment === 'pays_order') return 'paid';
  await recordPaymentEvent(tx, {
    orderId: order.id,
    actor: money.actor,
    actorUserId: money.actorUserId,
    detail: {
      method: money.method,
      result: 'received_after_close',
      reference: reference ?? order.orderRef,
      amountMinor: money.amount.amountMinor,
      currency: money.amount.currency,
    },
  });
  await giveBackPayment(tx, order, payment, RECEIVED_AFTER_CLOSE_REASON);
  return 'refund_due';
}

const RECEIVED_AFTER_CLOSE_REASON = 'The payment arrived after the order was closed';

/** The order an intent pays: named in its metadata, or known by the payment it was recorded as. */
async function orderOfIntent(tx: Database, intent: CardIntent): Promise<string | undefined> {
  if (intent.orderId && isUuid(intent.orderId)) return intent.orderId;
  const [payment] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerRef, intent.id));
  return payment?.orderId;
}

/**
 * Brings the store's record of a card payment in line with the provider's intent, inside the caller's
 * transaction: money taken is received (once), an intent stopped or declined is no longer in flight. An
 * intent still with the shopper's bank or the provider stays as it is. Answers what the money did, when
 * the intent took any.
 */
async function settleCardIntent(tx: Database, intent: CardIntent): Promise<ReceiptOutcome | undefined> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return undefined;
  if (intent.status === 'succeeded') {
    return receivePayment(tx, {
      orderId,
      method: PAYMENT_METHOD.card,
      providerRef: intent.id,
      amount: intent.amount,
      actor: 'provider',
    });
  }
  if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
    await tx
      .update(payments)
      .set({
        status: intent.status === 'canceled' ? 'cancelled' : 'failed',
        failureMessage: intent.failureMessage,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.providerRef, intent.id), eq(payments.status, 'pending')));
  }
  return undefined;
}

/**
 * A card the bank declined: the attempt is no longer in flight, and the timeline says why, once, whether
 * the pay call's answer or the provider's event tells of it first.
 */
async function recordCardFailure(tx: Database, intent: CardIntent): Promise<void> {
  const orderId = await orderOfIntent(tx, intent);
  if (!orderId) return;
  // The order's lock before the payment's, as the shopper's next attempt takes them: the event of a decline
  // and the attempt after it, holding one each and waiting for the other, deadlocked.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const message = intent.failureMessage ?? 'The payment was declined';
  const failed = await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: message, updatedAt: new Date() })
    .where(and(eq(payments.providerRef, intent.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (failed.length === 0) return;
  await recordPaymentEvent(tx, {
    orderId,
    actor: 'provider',
    detail: { method: PAYMENT_METHOD.card, result: 'failed', reference: intent.id, message },
  });
}

/** Records a provider event's id, answering its row only the first time the event arrives. */
const recordProviderEvent = builtOnce('payments_provider_event', (db) =>
  db
    .insert(paymentProviderEvents)
    .values({ eventId: sql.placeholder('eventId'), type: sql.placeholder('type') })
    .onConflictDoNothing()
    .returning({ eventId: paymentProviderEvents.eventId }),
);

/**
 * Records the event of a card payment recorded as succeeded already, in one statement, answering its row
 * when it did. A success is final (no later report moves a succeeded payment), and the machine decides a
 * success reported twice is a duplicate whatever the order's state, so the event has nothing to do and
 * needs neither a transaction nor the order's lock. The pay call's answer usually records the payment
 * before the provider's event of it arrives.
 */
const recordEventOfSucceededPayment = builtOnce<
  { eventId: string; type: string; paymentRef: string },
  { event_id: string }
>(
  'payments_event_of_succeeded_payment',
  () => sql`INSERT INTO ${paymentProviderEvents} (event_id, type)
            SELECT ${sql.placeholder('eventId')}::text, ${sql.placeholder('type')}::text
             WHERE EXISTS (SELECT 1 FROM ${payments}
                            WHERE provider_ref = ${sql.placeholder('paymentRef')}::text AND status = 'succeeded')
            ON CONFLICT DO NOTHING
            RETURNING event_id`,
);

/**
 * A card provider event, processed once: its id is recorded in the same transaction as its effect, so a
 * delivery repeated (the provider retries until it hears 2xx), in parallel or later, changes nothing. An
 * object that is not whole is refused before anything is recorded.
 */
export async function handleProviderEvent(db: Database, event: ProviderEvent): Promise<void> {
  const { effect, succeededPaymentRef } = providerEventEffect(event);
  if (succeededPaymentRef) {
    const values = { eventId: event.id, type: event.type, paymentRef: succeededPaymentRef };
    if ((await recordEventOfSucceededPayment(db, values)).length > 0) return;
  }
  await db.transaction(async (tx) => {
    const [fresh] = await recordProviderEvent(tx, { eventId: event.id, type: event.type });
    if (fresh) await effect?.(tx);
  });
}

/**
 * What an event of a type this store reads does, read from its object before anything is written; and for
 * the report of a card payment that succeeded, the payment's reference, which makes the event a duplicate
 * once the payment is recorded as succeeded.
 */
function providerEventEffect(event: ProviderEvent): {
  effect?: (tx: Database) => Promise<void>;
  succeededPaymentRef?: string;
} {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled': {
      const intent = cardIntentOf(event.object);
      return {
        effect: async (tx) => {
          await settleCardIntent(tx, intent);
        },
        ...(intent.status === 'succeeded' && { succeededPaymentRef: intent.id }),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = cardIntentOf(event.object);
      return { effect: (tx) => recordCardFailure(tx, intent) };
    }
    case 'refund.updated':
    case 'refund.failed': {
      // A refund the provider answered later than the call that asked for it (the bank took its time,
      // or this server stopped before it heard the answer).
      const refund = cardRefundOf(event.object);
      const refundId = refund.refundId;
      if (!refundId || !isUuid(refundId)) return {};
      return {
        effect: async (tx) => {
          await settleCardRefund(tx, refundId, { ...refund, providerRef: refund.id });
        },
      };
    }
    default:
      return {};
  }
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

async function openCardIntent(db: Database, orderId: string): Promise<string | undefined> {
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

/**
 * The development stand-in for a card: no money moves. It exists only without provider keys and never in
 * production, and pays through the same machine as a real card.
 */
export async function payByTestCard(
  { db, config }: PaymentContext,
  userId: string,
  input: { orderId: string; cardNumber: string },
): Promise<PayResult> {
  if (!config.testCardEnabled) throw new AppError('payment/test_card_unavailable');
  const order = await shopperOrder(db, userId, input.orderId);
  refuseUnlessPayable(order, PAYMENT_METHOD.testCard);
  const declined = input.cardNumber === TEST_CARDS.declined;
  if (!declined && input.cardNumber !== TEST_CARDS.paid) throw new AppError('payment/unknown_test_card');
  const message = 'Your card was declined (test card)';
  await db.transaction(async (tx) => {
    const source = { actor: 'shopper', actorUserId: userId } as const;
    await applyOrderCommand(tx, {
      orderId: order.id,
      command: { kind: 'start_payment', method: PAYMENT_METHOD.testCard },
      ...source,
    });
    if (!declined) {
      await receivePayment(tx, {
        orderId: order.id,
        method: PAYMENT_METHOD.testCard,
        providerRef: null,
        amount: totalOf(order),
        ...source,
      });
      return;
    }
    await tx.insert(payments).values({
      orderId: order.id,
      method: PAYMENT_METHOD.testCard,
      status: 'failed',
      amountMinor: order.totalMinor,
      currency: order.currency,
      failureMessage: message,
    });
    await recordPaymentEvent(tx, {
      orderId: order.id,
      ...source,
      detail: { method: PAYMENT_METHOD.testCard, result: 'failed', message },
    });
  });
  return declined ? { status: 'failed', message } : { status: 'succeeded' };
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
  const payable = order.status === ORDER_STATUS.pendingPayment;
  const info: PaymentInfo = {
    orderId: order.id,
    orderRef: order.orderRef,
    method: order.paymentMethod,
    amount: totalOf(order),
    payable,
    paymentDueAt: order.paymentDueAt.toISOString(),
  };
  if (!payable) return info;
  if (order.paymentMethod === PAYMENT_METHOD.payNow)
    return { ...info, paynow: await paynowPanel(config, order) };
  if (order.paymentMethod === PAYMENT_METHOD.card) {
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

/**
 * The shopper says the PayNow transfer is made; the store is told, and an operator confirms it. From now
 * the order waits for the operator: it does not expire, and the shopper cannot cancel it.
 */
export async function markPaynowPaid(db: Database, userId: string, orderId: string): Promise<Date> {
  const order = await shopperOrder(db, userId, orderId);
  return db.transaction(async (tx) => {
    const { before } = await applyOrderCommand(tx, {
      orderId: order.id,
      command: { kind: 'mark_paynow_sent' },
      actor: 'shopper',
      actorUserId: userId,
    });
    if (before.paynowMarkedPaidAt) return before.paynowMarkedPaidAt;
    const markedAt = new Date();
    await tx
      .update(orders)
      .set({ paynowMarkedPaidAt: markedAt, updatedAt: markedAt })
      .where(eq(orders.id, order.id));
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actor: 'shopper',
      actorUserId: userId,
      detail: { method: PAYMENT_METHOD.payNow, result: 'marked_paid', reference: order.orderRef },
    });
    await notifyStore(tx, {
      ...paynowToConfirmNotice(order.orderRef, totalOf(order)),
      groupKey: `order:${order.id}:paynow`,
    });
    return markedAt;
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

/**
 * An operator saw the PayNow transfer arrive: the order is paid. A transfer that arrived for an order
 * cancelled meanwhile is recorded all the same and owed back.
 */
export async function confirmPaynow(db: Database, operatorId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw new AppError('order/not_found');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('order/not_found');
    const outcome = await receivePayment(
      tx,
      {
        orderId,
        method: PAYMENT_METHOD.payNow,
        providerRef: null,
        amount: totalOf(order),
        actor: 'store',
        actorUserId: operatorId,
      },
      'confirm_paynow',
    );
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.confirm_paynow',
      subject: { type: 'order', id: order.id },
      before: { status: order.status },
      // A transfer recorded for a cancelled order leaves it cancelled, owing the money back.
      after: outcome === 'paid' ? { status: ORDER_STATUS.paid } : { status: order.status, owedBack: true },
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

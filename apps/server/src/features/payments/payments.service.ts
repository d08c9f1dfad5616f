import { AppError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS,
  PAYMENT_METHOD,
  type PaymentInfo,
  type PayResult,
  TEST_CARDS,
} from '@crossbuy/core/order';
import { payments } from '../orders/order-ledger.table.js';
import { applyOrderCommand, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { openCardIntent } from './card-payments.service.js';
import { type PaymentContext, refuseUnlessPayable, shopperOrder, totalOf } from './payable-order.js';
import { receivePayment } from './payment-receipts.js';
import { paynowPanel } from './paynow.service.js';

// What the order page needs to pay an order by its method, and the development stand-in for a card.
// Card payments are card-payments.service.ts, PayNow paynow.service.ts, money arriving
// payment-receipts.ts, the provider's events provider-events.ts (docs/rules/payments.md).

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

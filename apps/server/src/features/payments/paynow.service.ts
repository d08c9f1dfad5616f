import { AppError } from '@crossbuy/core/errors';
import {
  ORDER_STATUS,
  PAYMENT_METHOD,
  PAYNOW_CURRENCY,
  type PaynowPanel,
  paynowAmount,
  paynowExpiryDate,
  readPaynowPayload,
} from '@crossbuy/core/order';
import { paynowToConfirmNotice } from '@crossbuy/core/order-words';
import { eq } from 'drizzle-orm';
import PaynowQR from 'paynowqr';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyStaff } from '../notifications/notifications.service.js';
import { applyOrderCommand, recordPaymentEvent } from '../orders/order-lifecycle.js';
import { type OrderRow, orders } from '../orders/orders.table.js';
import { shopperOrder, totalOf } from './payable-order.js';
import { receivePayment } from './payment-receipts.js';

// PayNow: the QR code a shopper pays by, the shopper saying the transfer is made, and an operator
// confirming it arrived.

export async function paynowPanel(config: AppConfig, order: OrderRow): Promise<PaynowPanel> {
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

/**
 * The shopper says the PayNow transfer is made; the store is told, and an operator confirms it. From now
 * the order waits for the operator: it does not expire, and the shopper cannot cancel it.
 */
export async function markPaynowPaid(db: Database, userId: string, orderId: string): Promise<Date> {
  const order = await shopperOrder(db, userId, orderId);
  return db.transaction(async (tx) => {
    const { before, order: marked } = await applyOrderCommand(tx, {
      orderId: order.id,
      command: { kind: 'mark_paynow_sent' },
      actor: 'shopper',
      actorUserId: userId,
    });
    // Said once: saying it again answers with the first time and tells nobody anew.
    if (before.paynowMarkedPaidAt) return before.paynowMarkedPaidAt;
    const markedAt = marked.paynowMarkedPaidAt;
    if (!markedAt) throw new Error(`order ${order.id} was not marked as paid by PayNow`);
    await recordPaymentEvent(tx, {
      orderId: order.id,
      actor: 'shopper',
      actorUserId: userId,
      detail: { method: PAYMENT_METHOD.payNow, result: 'marked_paid', reference: order.orderRef },
    });
    await notifyStaff(tx, {
      ...paynowToConfirmNotice(order.orderRef, totalOf(order)),
      groupKey: `order:${order.id}:paynow`,
    });
    return markedAt;
  });
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

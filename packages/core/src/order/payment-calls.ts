import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { okSchema } from '../validation/wire.js';
import {
  cardPaySchema,
  paymentInfoSchema,
  payResultSchema,
  savedCardsSchema,
  testCardPaySchema,
} from './payments.js';

/** An order's id, or a saved card's. */
const idParams = z.object({ id: z.string().max(200) });

/**
 * Paying for an order (docs/rules/payments.md): by card through the provider, with the test card, or by
 * PayNow, which an operator confirms in the back office; and the card provider's signed events.
 */
export const paymentCalls = {
  payByCard: defineCall({
    method: 'post',
    path: '/payment/stripe/card/pay',
    tag: 'payment',
    summary: 'Pay an order by card: the card as the provider knows it, never its number',
    description:
      'paymentMethodId is the id the card provider gave the browser for the card (or a saved card). ' +
      'The amount is the order total. requires_action: finish with the bank through the provider script ' +
      'using clientSecret; the order becomes paid when the provider reports it. refunding: the order was ' +
      'closed (cancelled, expired) while the card was charged, so the money is refunded to the card; the ' +
      'order is not paid. succeeded is answered only when the order ended paid.',
    body: cardPaySchema,
    responses: { 200: payResultSchema },
  }),
  payByTestCard: defineCall({
    method: 'post',
    path: '/payment/test_card/pay',
    tag: 'payment',
    summary:
      'Development only: pay with the test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
    description: 'Exists while the store has no card provider keys, never in production. No money moves.',
    body: testCardPaySchema,
    responses: { 200: payResultSchema },
  }),
  savedCards: defineCall({
    method: 'get',
    path: '/payment/stripe/card/payment_methods',
    tag: 'payment',
    summary: 'The shopper’s saved cards (two-factor authentication passed required)',
    responses: { 200: savedCardsSchema },
  }),
  removeSavedCard: defineCall({
    method: 'delete',
    path: '/payment/stripe/card/payment_methods/{id}',
    tag: 'payment',
    summary: 'Forget a saved card (two-factor authentication passed required)',
    params: idParams,
    responses: { 200: okSchema },
  }),
  paymentInfo: defineCall({
    method: 'post',
    path: '/order/{id}/payment_info',
    tag: 'order',
    summary: 'How to pay the order: its amount, and the PayNow QR or what the card form needs',
    params: idParams,
    responses: { 200: paymentInfoSchema },
  }),
  markPaynowPaid: defineCall({
    method: 'post',
    path: '/order/{id}/paynow_paid',
    tag: 'order',
    summary: 'The shopper has sent the PayNow transfer; the store checks it and confirms the order paid',
    params: idParams,
    responses: { 200: z.object({ markedPaidAt: z.string() }) },
  }),
  /**
   * Sent by the card provider's server, never by the web. Its body is the event as signed, so the route
   * reads it as raw bytes and declares no schema for it.
   */
  providerEvent: defineCall({
    method: 'post',
    path: '/payment/stripe/webhook',
    tag: 'payment',
    summary: 'Card provider events (signed); each event is processed once',
    description:
      'An event whose object lacks what the store reads (an intent without a currency, say) answers 400 ' +
      'payment/invalid_event and records nothing.',
    responses: { 200: z.object({ received: z.literal(true) }) },
  }),
  confirmPaynow: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/confirm_paynow',
    tag: 'admin',
    summary: 'The PayNow transfer for the order has arrived: mark it paid',
    params: idParams,
    responses: { 200: okSchema },
  }),
};

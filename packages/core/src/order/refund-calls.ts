import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  disputeResolutionSchema,
  orderRefundsSchema,
  refundRequestSchema,
  refundSchema,
  storeCancelRequestSchema,
} from './refunds.js';
import { orderSchema } from './schemas.js';

const orderParams = z.object({ id: z.string().max(200) });
const refundAnswer = z.object({ refund: refundSchema });

/** What an order became, and the refund made with it. */
const settlementSchema = z.object({ status: orderSchema.shape.status, refund: refundSchema.nullable() });

/** Back office: refunds, cancelling a paid order and settling disputes (operators and admins). */
export const refundCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/orders/{id}/refunds',
    tag: 'admin',
    summary: "What the order's shopper paid, what was refunded and what remains, with each refund",
    params: orderParams,
    responses: { 200: orderRefundsSchema },
  }),
  refund: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/refunds',
    tag: 'admin',
    summary:
      'Refund part or all of what remains of the payment: through the card provider, or a PayNow refund the store made by bank transfer (its reference required)',
    params: orderParams,
    body: refundRequestSchema,
    responses: { 200: refundAnswer },
  }),
  retry: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/refunds/{refundId}/retry',
    tag: 'admin',
    summary:
      'Ask the card provider again for a refund still pending (it did not answer); the same refund is never made twice',
    params: orderParams.extend({ refundId: z.string().max(200) }),
    responses: { 200: refundAnswer },
  }),
  cancel: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/cancel',
    tag: 'admin',
    summary: 'Cancel an order nothing of which has shipped, unpaid or paid; everything it received goes back',
    description:
      'A card payment still in flight is stopped at the card provider first. Stock, voucher and quoted items ' +
      'are given back. What the order received is refunded: a card payment through the provider, a PayNow ' +
      'transfer recorded with `reference` (the transfer the store made back); without it the PayNow money ' +
      'stays owed back, shown in the refunds ledger. `order/payment_in_progress` (409): the provider is still ' +
      'completing a card payment; try again in a moment.',
    params: orderParams,
    body: storeCancelRequestSchema,
    responses: { 200: settlementSchema },
  }),
  resolveDispute: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/dispute/resolve',
    tag: 'admin',
    summary:
      "Settle the shopper's dispute: back to processing, completed or cancelled, with a note and optionally a refund",
    params: orderParams,
    body: disputeResolutionSchema,
    responses: { 200: settlementSchema },
  }),
};

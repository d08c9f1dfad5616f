import {
  disputeResolutionSchema,
  orderRefundsSchema,
  orderSchema,
  refundRequestSchema,
  refundSchema,
  storeCancelRequestSchema,
} from '@crossbuy/core/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  cancelOrderByStore,
  listOrderRefunds,
  refundOrder,
  resolveDispute,
  retryCardRefund,
} from './refunds.service.js';
import type { CardProviderContext } from './stripe-gateway.js';

const orderParams = z.object({ id: z.string().max(200) });

/** What an order became, and the refund made with it. */
const settlementSchema = z.object({ status: orderSchema.shape.status, refund: refundSchema.nullable() });

/** Back office: refunds, cancelling a paid order and settling disputes (operators and admins). */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const context: CardProviderContext = { db: app.db, gateway: app.cardGateway };

  app.get(
    '/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: "What the order's shopper paid, what was refunded and what remains, with each refund",
        params: orderParams,
        response: { 200: orderRefundsSchema },
      },
    },
    async (request) => listOrderRefunds(app.db, request.params.id),
  );

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refund part or all of what remains of the payment: through the card provider, or a PayNow refund the store made by bank transfer (its reference required)',
        params: orderParams,
        body: refundRequestSchema,
        response: { 200: z.object({ refund: refundSchema }) },
      },
    },
    async (request) => ({
      refund: await refundOrder(context, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/orders/:id/refunds/:refundId/retry',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ask the card provider again for a refund still pending (it did not answer); the same refund is never made twice',
        params: z.object({ id: z.string().max(200), refundId: z.string().max(200) }),
        response: { 200: z.object({ refund: refundSchema }) },
      },
    },
    async (request) => ({
      refund: await retryCardRefund(context, request.params.id, request.params.refundId),
    }),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cancel an order nothing of which has shipped, unpaid or paid; everything it received goes back',
        description:
          'A card payment still in flight is stopped at the card provider first. Stock, voucher and quoted items ' +
          'are given back. What the order received is refunded: a card payment through the provider, a PayNow ' +
          'transfer recorded with `reference` (the transfer the store made back); without it the PayNow money ' +
          'stays owed back, shown in the refunds ledger. `order/payment_in_progress` (409): the provider is still ' +
          'completing a card payment; try again in a moment.',
        params: orderParams,
        body: storeCancelRequestSchema,
        response: { 200: settlementSchema },
      },
    },
    async (request) => {
      const { order, refund } = await cancelOrderByStore(
        context,
        principalOf(request).userId,
        request.params.id,
        request.body,
      );
      return { status: order.status, refund };
    },
  );

  app.post(
    '/orders/:id/dispute/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Settle the shopper's dispute: back to processing, completed or cancelled, with a note and optionally a refund",
        params: orderParams,
        body: disputeResolutionSchema,
        response: { 200: settlementSchema },
      },
    },
    async (request) => {
      const { order, refund } = await resolveDispute(
        context,
        principalOf(request).userId,
        request.params.id,
        request.body,
      );
      return { status: order.status, refund };
    },
  );
};

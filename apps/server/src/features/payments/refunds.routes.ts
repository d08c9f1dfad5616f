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
  cancelPaidOrder,
  listOrderRefunds,
  type RefundContext,
  refundOrder,
  resolveDispute,
  retryCardRefund,
} from './refunds.service.js';
import { stripeGatewayFor } from './stripe-gateway.js';

const orderParams = z.object({ id: z.string().max(200) });

/** What an order became, and the refund made with it. */
const settlementSchema = z.object({ status: orderSchema.shape.status, refund: refundSchema.nullable() });

/** Back office: refunds, cancelling a paid order and settling disputes (operators and admins). */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const context: RefundContext = { db: app.db, gateway: stripeGatewayFor(app.config) };

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
          'Cancel a paid order nothing of which has shipped; stock and voucher are given back, and with `refund` what remains of the payment is refunded',
        params: orderParams,
        body: storeCancelRequestSchema,
        response: { 200: settlementSchema },
      },
    },
    async (request) => {
      const { order, refund } = await cancelPaidOrder(
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

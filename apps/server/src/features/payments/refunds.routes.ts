import { type Refund, refundCalls } from '@crossbuy/core/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import type { OrderRow } from '../orders/orders.table.js';
import {
  cancelOrderByStore,
  listOrderRefunds,
  refundOrder,
  resolveDispute,
  retryCardRefund,
} from './refunds.service.js';
import type { CardProviderContext } from './stripe-gateway.js';

/** Back office: refunds, cancelling a paid order and settling disputes (operators and admins). */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const context: CardProviderContext = { db: app.db, gateway: app.cardGateway };

  answerCall(app, refundCalls.list, async (request) => listOrderRefunds(app.db, request.params.id));

  answerCall(app, refundCalls.refund, async (request) => ({
    refund: await refundOrder(context, principalOf(request).userId, request.params.id, request.body),
  }));

  answerCall(app, refundCalls.retry, async (request) => ({
    refund: await retryCardRefund(context, request.params.id, request.params.refundId),
  }));

  answerCall(app, refundCalls.cancel, async (request) =>
    statusAndRefund(
      await cancelOrderByStore(context, principalOf(request).userId, request.params.id, request.body),
    ),
  );

  answerCall(app, refundCalls.resolveDispute, async (request) =>
    statusAndRefund(
      await resolveDispute(context, principalOf(request).userId, request.params.id, request.body),
    ),
  );
};

/**
 * Cancelling an order and settling a dispute both move the order on and may give money back: each answers
 * where the order now stands and the refund it made, if any.
 */
function statusAndRefund({ order, refund }: { order: OrderRow; refund: Refund | null }) {
  return { status: order.status, refund };
}

import { formatErrorMessage } from '@crossbuy/core/errors';
import {
  cancelOrderSchema,
  DISPUTABLE_STATUSES,
  disputeInfoSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  storeOrderListQuerySchema,
  storeOrderMoveSchema,
  storeOrderPageSchema,
} from '@crossbuy/core/order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireVerifiedEmail,
} from '../../plugins/authentication.js';
import {
  cancelOwnOrder,
  confirmReceipt,
  getOrder,
  listOrders,
  listStoreOrders,
  openDispute,
  ownOrderRow,
  storeMoveOrder,
} from './orders.service.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const orderAnswerSchema = z.object({ order: orderSchema });
const disputeSchema = z.object({
  reason: z.string().trim().min(1, 'order/invalid_reason').max(500, 'order/invalid_reason'),
});

/** How long after delivery a problem can still be raised. */
export const DISPUTE_WINDOW_DAYS = 14;

export type OrderRoutesOptions = { supportEmail: string };

/** The shopper's orders (spec section 7). Another shopper's order answers 404 order/not_found. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { supportEmail }) => {
  guardPrivateRoutes(app, requireVerifiedEmail);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;

  app.get(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first, a page at a time",
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (request) => listOrders(app.db, userOf(request), request.query),
  );

  app.get(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its lines as bought, costs, addresses and the time of each status',
        params: idParams,
        response: { 200: orderAnswerSchema },
      },
    },
    async (request) => ({ order: await getOrder(app.db, userOf(request), request.params.id) }),
  );

  app.delete(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order while it waits for payment; its stock and voucher are given back',
        description:
          'A card payment still at the bank (3-D Secure) is stopped at the card provider first; if the ' +
          'provider took the money meanwhile, the order is paid and the cancel answers order/not_cancellable. ' +
          'A PayNow transfer the shopper marked as sent waits for the store: 409 order/payment_in_progress.',
        params: idParams,
        body: cancelOrderSchema.nullish(),
        response: { 200: orderAnswerSchema },
      },
    },
    async (request) => ({
      order: await cancelOwnOrder(
        { db: app.db, gateway: app.cardGateway },
        userOf(request),
        request.params.id,
        request.body?.reason ?? '',
      ),
    }),
  );

  app.post(
    '/order/:id/confirm_receipt',
    {
      schema: {
        tags: ['orders'],
        summary: 'Confirm a shipped or delivered order has arrived; it is then completed',
        params: idParams,
        response: { 200: orderAnswerSchema },
      },
    },
    async (request) => ({ order: await confirmReceipt(app.db, userOf(request), request.params.id) }),
  );

  app.post(
    '/order/:id/dispute',
    {
      schema: {
        tags: ['orders'],
        summary: 'Raise a problem with a paid order; the store answers in the order chat',
        params: idParams,
        body: disputeSchema,
        response: { 200: orderAnswerSchema },
      },
    },
    async (request) => ({
      order: await openDispute(app.db, userOf(request), request.params.id, request.body.reason),
    }),
  );

  const disputeInfo = async (request: FastifyRequest<{ Params: z.infer<typeof idParams> }>) => {
    const order = await ownOrderRow(app.db, userOf(request), request.params.id);
    const canDispute = DISPUTABLE_STATUSES.includes(order.status);
    return {
      orderRef: order.orderRef,
      canDispute,
      refusal: canDispute
        ? null
        : { code: 'order/not_disputable', params: [], message: formatErrorMessage('order/not_disputable') },
      supportEmail,
      windowDays: DISPUTE_WINDOW_DAYS,
      steps: [
        'Tell us what went wrong in the order chat, with photos if something arrived damaged.',
        'We answer within two working days and may ask the seller or the carrier.',
        'If we cannot put it right, we refund you in full or in part to the way you paid.',
      ],
      disputedAt: order.disputedAt?.toISOString() ?? null,
    };
  };

  for (const path of ['/order/:id/dispute_info', '/order/:id/dispute_info/v1']) {
    app.get(
      path,
      {
        schema: {
          tags: ['orders'],
          summary: 'How to raise a problem with this order, and whether it can be raised now',
          description: '`/v1` is the versioned path of the same answer.',
          params: idParams,
          response: { 200: disputeInfoSchema },
        },
      },
      disputeInfo,
    );
  }
};

/** The store's order desk (operators and admins), mounted under /api/admin. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Every shopper's orders, newest first, by status, payment method and days placed (UTC), or by reference, email or name",
        querystring: storeOrderListQuerySchema,
        response: { 200: storeOrderPageSchema },
      },
    },
    async (request) => listStoreOrders(app.db, request.query),
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move an order on: processing, shipped (with its tracking number), delivered or completed',
        params: idParams,
        body: storeOrderMoveSchema,
        response: {
          200: z.object({ status: orderSchema.shape.status, trackingNumber: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const order = await storeMoveOrder(
        app.db,
        principalOf(request).userId,
        request.params.id,
        request.body,
      );
      return { status: order.status, trackingNumber: order.trackingNumber };
    },
  );
};

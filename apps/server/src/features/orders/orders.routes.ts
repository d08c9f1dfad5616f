import { Readable } from 'node:stream';
import { formatErrorMessage, toErrorEnvelope } from '@crossbuy/core/errors';
import {
  bulkShipmentRefusalSchema,
  bulkShipmentSchema,
  cancelOrderSchema,
  carrierListSchema,
  DISPUTABLE_STATUSES,
  disputeInfoSchema,
  ORDER_STATUS,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  packingSlipQuerySchema,
  storeOrderExportQuerySchema,
  storeOrderListQuerySchema,
  storeOrderMoveSchema,
  storeOrderPageSchema,
  storeOrderSchema,
} from '@crossbuy/core/order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkOrigin } from '../../lib/link-origin.js';
import {
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireVerifiedEmail,
} from '../../plugins/authentication.js';
import { readCarriers } from '../settings/carrier-settings.service.js';
import {
  ORDER_EXPORT_COLUMNS,
  orderExportCsv,
  orderExportFileName,
  recordOrderExport,
} from './order-export.js';
import { ShipmentRefused, shipOrder, shipOrders, storeOrder, storeOrdersByIds } from './order-fulfilment.js';
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

/** The shopper's orders (docs/rules/orders.md). Another shopper's order answers 404 order/not_found. */
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
          "Every shopper's orders, newest first, by status, payment method and store days placed (Singapore), or by reference, email or name",
        querystring: storeOrderListQuerySchema,
        response: { 200: storeOrderPageSchema },
      },
    },
    async (request) => listStoreOrders(app.db, request.query),
  );

  app.get(
    '/orders/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The orders the desk’s filters select, as a CSV file for the accounts, oldest first',
        description:
          `One line per order under a header line: ${ORDER_EXPORT_COLUMNS.join(', ')}. Amounts are ` +
          'plain decimals in the order’s currency; `paid` and `refunded` come from its payments, and ' +
          '`net` is paid less refunded. Days are store days (Singapore time). Streamed a page at a time; ' +
          'each export is written to the audit log with its filters.',
        querystring: storeOrderExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await recordOrderExport(app.db, principalOf(request).userId, request.query);
      const fileName = orderExportFileName(request.query, new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(orderExportCsv(app.db, request.query)));
    },
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Move an order on: processing, shipped (with a carrier of the store's list and its tracking number), delivered or completed",
        description:
          'Shipping mails the shopper the carrier and a link to its tracking page. A carrier not in ' +
          'the list answers 400 `order/invalid_carrier`.',
        params: idParams,
        body: storeOrderMoveSchema,
        response: {
          200: z.object({
            status: orderSchema.shape.status,
            trackingNumber: z.string().nullable(),
            carrier: z.string().nullable(),
            trackingUrl: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const operatorId = principalOf(request).userId;
      const { body } = request;
      const order =
        body.to === ORDER_STATUS.shipped && body.carrier !== undefined && body.trackingNumber !== undefined
          ? await shipOrder(
              app.db,
              operatorId,
              request.params.id,
              { carrier: body.carrier, trackingNumber: body.trackingNumber },
              linkOrigin(request),
            )
          : await storeMoveOrder(app.db, operatorId, request.params.id, body);
      return {
        status: order.status,
        trackingNumber: order.trackingNumber,
        carrier: order.carrier,
        trackingUrl: order.trackingUrl,
      };
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'One order as the store fulfils it: its lines with their messages, addresses, notes, shipment and shopper',
        params: idParams,
        response: { 200: z.object({ order: storeOrderSchema }) },
      },
    },
    async (request) => ({ order: await storeOrder(app.db, request.params.id) }),
  );

  app.get(
    '/orders/packing_slips',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders to pack, as the packing slips print them, in the order asked for',
        description:
          '`ids`: up to 50 order ids, repeated or comma-separated. An id that is no order answers 404.',
        querystring: packingSlipQuerySchema,
        response: { 200: z.object({ orders: z.array(storeOrderSchema) }) },
      },
    },
    async (request) => ({ orders: await storeOrdersByIds(app.db, request.query.ids) }),
  );

  app.get(
    '/carriers',
    {
      schema: {
        tags: ['admin'],
        summary: 'The carriers an order can ship with (admins change them in the settings)',
        response: { 200: carrierListSchema },
      },
    },
    async () => ({ carriers: await readCarriers(app.db) }),
  );

  app.post(
    '/orders/ship',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ship several orders with one carrier, each under its own tracking number: every one or none',
        description:
          'Each order must be being prepared. If any cannot ship, none is shipped and the answer is 400 ' +
          '`order/bulk_ship_refused` with `refusals`, one per order that stood in the way, in the order ' +
          'asked. Each shopper is mailed their tracking link.',
        body: bulkShipmentSchema,
        response: {
          200: z.object({
            orders: z.array(
              z.object({
                id: z.string(),
                orderRef: z.string(),
                status: orderSchema.shape.status,
                carrier: z.string().nullable(),
                trackingNumber: z.string().nullable(),
                trackingUrl: z.string().nullable(),
              }),
            ),
          }),
          400: bulkShipmentRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const shipped = await shipOrders(
          app.db,
          principalOf(request).userId,
          request.body,
          linkOrigin(request),
        );
        return {
          orders: shipped.map((order) => ({
            id: order.id,
            orderRef: order.orderRef,
            status: order.status,
            carrier: order.carrier,
            trackingNumber: order.trackingNumber,
            trackingUrl: order.trackingUrl,
          })),
        };
      } catch (error) {
        if (!(error instanceof ShipmentRefused)) throw error;
        const { error: envelope } = toErrorEnvelope('order/bulk_ship_refused', [error.refusals.length]);
        return reply.status(400).send({ error: envelope, refusals: error.refusals });
      }
    },
  );
};

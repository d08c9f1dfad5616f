import { Readable } from 'node:stream';
import { formatErrorMessage, toErrorEnvelope } from '@crossbuy/core/errors';
import {
  DISPUTABLE_STATUSES,
  ORDER_STATUS,
  orderCalls,
  storeOrderCalls,
  storeOrderExportQuerySchema,
} from '@crossbuy/core/order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall, type CallHandler } from '../../lib/contract-routes.js';
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
import { confirmReceipt, openDispute, storeMoveOrder } from './order-moves.js';
import { getOrder, listOrders, ownOrderRow } from './orders.service.js';
import { listStoreOrders } from './store-orders.service.js';

/** How long after delivery a problem can still be raised. */
export const DISPUTE_WINDOW_DAYS = 14;

export type OrderRoutesOptions = { supportEmail: string };

/** The shopper's orders: the calls of `orderCalls` (docs/rules/orders.md). */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { supportEmail }) => {
  guardPrivateRoutes(app, requireVerifiedEmail);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;

  answerCall(app, orderCalls.list, async (request) => listOrders(app.db, userOf(request), request.query));

  answerCall(app, orderCalls.one, async (request) => ({
    order: await getOrder(app.db, userOf(request), request.params.id),
  }));

  answerCall(app, orderCalls.confirmReceipt, async (request) => ({
    order: await confirmReceipt(app.db, userOf(request), request.params.id),
  }));

  answerCall(app, orderCalls.dispute, async (request) => ({
    order: await openDispute(app.db, userOf(request), request.params.id, request.body.reason),
  }));

  // One handler for both paths of the dispute information.
  const disputeInfo: CallHandler<typeof orderCalls.disputeInfo> = async (request) => {
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
  answerCall(app, orderCalls.disputeInfo, disputeInfo);
  answerCall(app, orderCalls.disputeInfoV1, disputeInfo);
};

/** The store's order desk (operators and admins), mounted under /api/admin: the calls of `storeOrderCalls`. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, storeOrderCalls.list, async (request) => listStoreOrders(app.db, request.query));

  // A streamed CSV file rather than JSON, so it is registered here and not declared in the contract.
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

  answerCall(app, storeOrderCalls.move, async (request) => {
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
  });

  answerCall(app, storeOrderCalls.one, async (request) => ({
    order: await storeOrder(app.db, request.params.id),
  }));

  answerCall(app, storeOrderCalls.packingSlips, async (request) => ({
    orders: await storeOrdersByIds(app.db, request.query.ids),
  }));

  answerCall(app, storeOrderCalls.carriers, async () => ({ carriers: await readCarriers(app.db) }));

  answerCall(app, storeOrderCalls.ship, async (request, reply) => {
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
  });
};

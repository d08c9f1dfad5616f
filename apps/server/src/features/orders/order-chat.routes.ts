import { orderChatCalls, storeOrderChatCalls, timelineCursorSchema } from '@crossbuy/core/order-chat';
import { idParamsSchema } from '@crossbuy/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerCall, type ZodApp } from '../../lib/contract-routes.js';
import {
  type Guard,
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireUser,
} from '../../plugins/authentication.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import { OrderLiveStreams } from './order-live-stream.js';
import {
  findViewableOrder,
  markChatRead,
  type OrderViewer,
  orderShopper,
  readTimeline,
  unreadMessageCount,
  writeOrderMessage,
} from './order-timeline.js';

/** A person types a chat message in seconds; this is far above that and far below a flood. */
export const ORDER_MESSAGE_LIMIT: RateLimitRule = { name: 'order-messages', max: 30, windowSeconds: 60 };

type ChatRoutes = {
  /** The side's calls: the shopper's `orderChatCalls`, or the store's `storeOrderChatCalls`. */
  calls: typeof orderChatCalls | typeof storeOrderChatCalls;
  /**
   * Where the side's live stream is answered, beside its calls: '/order' for the shopper (the original
   * paths, docs/rules/api-and-errors.md); '/orders' under /api/admin for the store.
   */
  path: '/order' | '/orders';
  tag: string;
  /** Who may call every route of the side; an open stream's caller is held to it again on revocation. */
  guard: Guard;
  viewerOf(request: FastifyRequest): OrderViewer;
};

/** The chat, timeline and live stream of one order, the same for both sides but for who may look. */
function chatRoutes(app: ZodApp, { calls, path, tag, guard, viewerOf }: ChatRoutes) {
  guardPrivateRoutes(app, guard);
  const streams = new OrderLiveStreams(app);
  const viewableOrder = (request: FastifyRequest, id: string) =>
    findViewableOrder(app.db, id, viewerOf(request));

  answerCall(app, calls.messages, async (request) => {
    const order = await viewableOrder(request, request.params.id);
    const { entries, nextCursor } = await readTimeline(app.db, order.id, {
      ...request.query,
      messagesOnly: true,
    });
    return {
      messages: entries.filter((entry) => entry.kind === 'message'),
      nextCursor,
      unreadCount: await unreadMessageCount(app.db, order.id, viewerOf(request).side),
    };
  });

  answerCall(app, calls.write, async (request, reply) => {
    const { userId } = principalOf(request);
    await app.rateLimiter.consume(ORDER_MESSAGE_LIMIT, userId);
    const message = await writeOrderMessage(app.db, {
      orderId: request.params.id,
      viewer: viewerOf(request),
      authorUserId: userId,
      body: request.body.message,
    });
    return reply.status(201).send({ message });
  });

  answerCall(app, calls.markRead, async (request) => {
    const order = await viewableOrder(request, request.params.id);
    return markChatRead(app.db, order.id, viewerOf(request).side);
  });

  // Server-Sent Events rather than JSON, so the stream is registered here and not declared in the contract.
  app.get(
    `${path}/:id/live`,
    {
      schema: {
        tags: [tag],
        summary: "The order's timeline as it happens",
        description:
          'Server-Sent Events (text/event-stream): each timeline entry after `after`, or after the ' +
          '`Last-Event-ID` header a reconnecting browser sends, as an `entry` event whose id is its cursor; ' +
          'then every new entry as it happens, written through any server process. Comment lines keep the ' +
          'connection open. Another shopper’s order answers 404 before the stream starts. The stream ends ' +
          'when the caller may no longer call the route (signed out, password changed, blacklisted, no longer ' +
          'staff); the browser’s reconnection is then refused as any other call would be.',
        params: idParamsSchema,
        querystring: z.object({ after: timelineCursorSchema.optional() }),
      },
    },
    async (request, reply) => {
      const order = await viewableOrder(request, request.params.id);
      streams.serve(request, reply, { orderId: order.id, guard, after: request.query.after });
    },
  );

  return viewableOrder;
}

/** The shopper's side of the order chat and timeline (docs/rules/orders.md). */
export const orderChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewableOrder = chatRoutes(app, {
    calls: orderChatCalls,
    path: '/order',
    tag: 'order',
    guard: requireUser,
    viewerOf: (request) => ({ side: 'shopper', userId: principalOf(request).userId }),
  });

  answerCall(app, orderChatCalls.timeline, async (request) => {
    const { userId: _shopper, ...order } = await viewableOrder(request, request.params.id);
    return {
      order,
      ...(await readTimeline(app.db, order.id, request.query)),
      unreadCount: await unreadMessageCount(app.db, order.id, 'shopper'),
    };
  });
};

/** The store's side of an order's chat and timeline (operators and admins), under /api/admin. */
export const adminOrderChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewableOrder = chatRoutes(app, {
    calls: storeOrderChatCalls,
    path: '/orders',
    tag: 'admin',
    guard: requireRole('operator', 'admin'),
    viewerOf: () => ({ side: 'store' }),
  });

  answerCall(app, storeOrderChatCalls.timeline, async (request) => {
    const { userId, ...order } = await viewableOrder(request, request.params.id);
    return {
      order,
      shopper: await orderShopper(app.db, userId),
      ...(await readTimeline(app.db, order.id, request.query)),
      unreadCount: await unreadMessageCount(app.db, order.id, 'store'),
    };
  });
};

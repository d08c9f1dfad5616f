import { notificationCalls } from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.js';

/** The signed-in shopper's notifications: the calls of `notificationCalls`. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app);

  answerCall(app, notificationCalls.list, async (request) => {
    const { collasped, limit, beforeTime } = request.query;
    return listNotifications(app.db, principalOf(request).userId, {
      collapsed: collasped,
      limit,
      beforeTime,
    });
  });

  answerCall(app, notificationCalls.markRead, async (request, reply) => {
    await markNotificationRead(app.db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });

  answerCall(app, notificationCalls.markAllRead, async (request) => ({
    markedCount: await markAllNotificationsRead(app.db, principalOf(request).userId, request.body.upTo),
  }));
};

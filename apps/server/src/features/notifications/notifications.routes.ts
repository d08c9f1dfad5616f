import {
  markAllNotificationsReadAnswerSchema,
  markAllNotificationsReadSchema,
  NOTIFICATION_DEFAULT_LIMIT,
  NOTIFICATION_MAX_LIMIT,
  notificationSchema,
} from '@crossbuy/core/catalogue';
import { instantSchema } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.js';

/** The signed-in shopper's notifications (docs/rules/content.md). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app);

  app.get(
    '/notification',
    {
      schema: {
        tags: ['notification'],
        summary: 'Notifications, newest first; collapsed shows one entry per group with its count',
        querystring: z.object({
          // The original spelling of the parameter, kept so existing clients work (docs/rules/api-and-errors.md).
          collasped: z.stringbool().default(false),
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(NOTIFICATION_MAX_LIMIT)
            .default(NOTIFICATION_DEFAULT_LIMIT),
          /** Only notifications created before this time: the previous page's nextBeforeTime. */
          beforeTime: instantSchema.optional(),
        }),
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            nextBeforeTime: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const { collasped, limit, beforeTime } = request.query;
      return listNotifications(app.db, principalOf(request).userId, {
        collapsed: collasped,
        limit,
        beforeTime,
      });
    },
  );

  app.post(
    '/notification/:id/read',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark a notification, and the older ones of its group, as read',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markNotificationRead(app.db, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notification/read_all',
    {
      schema: {
        tags: ['notification'],
        summary: "Mark all of the signed-in shopper's unread notifications as read",
        description:
          'Not in the spec; added for the notifications page (docs/decisions/0063). The body is a JSON ' +
          'object: `{}` marks everything unread until now; `{ "upTo": "<createdAt>" }` only what was ' +
          'created at or before that time, so a notification that arrived after the newest one the reader ' +
          "saw stays unread. Answers how many were marked; another shopper's notifications are never touched.",
        body: markAllNotificationsReadSchema,
        response: { 200: markAllNotificationsReadAnswerSchema },
      },
    },
    async (request) => ({
      markedCount: await markAllNotificationsRead(app.db, principalOf(request).userId, request.body.upTo),
    }),
  );
};

import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { idParamsSchema, instantSchema } from '../validation/wire.js';
import {
  markAllNotificationsReadAnswerSchema,
  markAllNotificationsReadSchema,
  NOTIFICATION_DEFAULT_LIMIT,
  NOTIFICATION_MAX_LIMIT,
  notificationSchema,
} from './schemas.js';

/** The signed-in shopper's notifications (docs/rules/content.md, docs/features/notifications.md). */
export const notificationCalls = {
  list: defineCall({
    method: 'get',
    path: '/notification',
    tag: 'notification',
    summary: 'Notifications, newest first; collapsed shows one entry per group with its count',
    query: z.object({
      // The original spelling of the parameter, kept so existing clients work (docs/rules/api-and-errors.md).
      collasped: z.stringbool().default(false),
      limit: z.coerce.number().int().min(1).max(NOTIFICATION_MAX_LIMIT).default(NOTIFICATION_DEFAULT_LIMIT),
      /** Only notifications created before this time: the previous page's nextBeforeTime. */
      beforeTime: instantSchema.optional(),
    }),
    responses: {
      200: z.object({ notifications: z.array(notificationSchema), nextBeforeTime: z.string().nullable() }),
    },
  }),
  markRead: defineCall({
    method: 'post',
    path: '/notification/{id}/read',
    tag: 'notification',
    summary: 'Mark a notification, and the older ones of its group, as read',
    params: idParamsSchema,
    responses: { 204: null },
  }),
  markAllRead: defineCall({
    method: 'post',
    path: '/notification/read_all',
    tag: 'notification',
    summary: "Mark all of the signed-in shopper's unread notifications as read",
    description:
      'Added for the notifications page (docs/features/notifications.md). The body is a JSON ' +
      'object: `{}` marks everything unread until now; `{ "upTo": "<createdAt>" }` only what was ' +
      'created at or before that time, so a notification that arrived after the newest one the reader ' +
      "saw stays unread. Answers how many were marked; another shopper's notifications are never touched.",
    body: markAllNotificationsReadSchema,
    responses: { 200: markAllNotificationsReadAnswerSchema },
  }),
};

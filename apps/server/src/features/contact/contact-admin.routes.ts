import {
  contactInboxPageSchema,
  contactInboxQuerySchema,
  contactMessageDetailSchema,
  contactReplyInputSchema,
  contactReplySchema,
} from '@crossbuy/core/contact-inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { listContactMessages, readContactMessage, replyToContactMessage } from './contact-admin.service.js';

const params = z.object({ id: z.string().max(64) });
const replyAnswer = z.object({ reply: contactReplySchema });

/** The inbox of contact-form messages and the store's replies, for operators and admins. Mounted under /api/admin. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/contact_messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact-form messages, newest first: all, unread, unanswered or answered',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxPageSchema },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  app.get(
    '/contact_messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A contact message and the store’s replies; the first opening marks it read',
        params,
        response: { 200: z.object({ message: contactMessageDetailSchema }) },
      },
    },
    async (request) => ({
      message: await readContactMessage(app.db, principalOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/contact_messages/:id/replies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reply to a contact message by mail, its message quoted',
        description:
          'Mailed to the sender and kept with who replied. The same `idempotencyKey` again answers the ' +
          'reply it made (200) instead of mailing a second one (201).',
        params,
        body: contactReplyInputSchema,
        response: { 200: replyAnswer, 201: replyAnswer },
      },
    },
    async (request, reply) => {
      const answer = await replyToContactMessage(
        app,
        principalOf(request).userId,
        request.params.id,
        request.body,
      );
      return reply.status(answer.created ? 201 : 200).send({ reply: answer.reply });
    },
  );
};

import { contactInboxCalls } from '@crossbuy/core/contact-inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { listContactMessages, readContactMessage, replyToContactMessage } from './contact-admin.service.js';

/** The inbox of contact-form messages and the store's replies, for operators and admins. Mounted under /api/admin. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, contactInboxCalls.list, async (request) => listContactMessages(app.db, request.query));

  answerCall(app, contactInboxCalls.open, async (request) => ({
    message: await readContactMessage(app.db, principalOf(request).userId, request.params.id),
  }));

  answerCall(app, contactInboxCalls.reply, async (request, reply) => {
    const answer = await replyToContactMessage(
      app,
      principalOf(request).userId,
      request.params.id,
      request.body,
    );
    return reply.status(answer.created ? 201 : 200).send({ reply: answer.reply });
  });
};

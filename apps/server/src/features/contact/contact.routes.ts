import { contactCalls } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info.js';
import { answerCall } from '../../lib/contract-routes.js';
import { visitorOrUser } from '../../plugins/authentication.js';
import { sendContactMessage } from './contact.service.js';

/** The contact form of the functions service (`contactCalls.send`), open to visitors. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  answerCall(app, contactCalls.send, async (request, reply) => {
    const sender = await visitorOrUser(request);
    const sent = await sendContactMessage(app, request.body, {
      userId: sender?.userId ?? null,
      client: clientInfo(request),
    });
    return reply.status(201).send(sent);
  });
};

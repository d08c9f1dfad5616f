import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const messageSchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});

/**
 * `GET /dev/mailbox`: what the server "sent" while no SMTP_URL is set, newest first, so a developer
 * (or a page) can read verification codes and links. Never registered in production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail delivered to the development mailbox',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const messages = await app.mailer.devMailbox(request.query.to);
      return {
        messages: messages.map((message) => ({ ...message, sentAt: message.sentAt?.toISOString() ?? null })),
      };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';

const messageSchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The development mailbox holds other people's codes and reset links, so only the developer at the
 * server's own machine may read it: a request whose socket comes from loopback and that no proxy
 * forwarded. Behind a proxy every request arrives from loopback, so with TRUST_PROXY set, or any
 * forwarding header present, nobody may.
 */
export function mayReadDevMailbox(
  request: Pick<FastifyRequest, 'socket' | 'headers'>,
  trustProxy: AppConfig['trustProxy'],
): boolean {
  if (trustProxy !== false) return false;
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '');
}

/**
 * When the development mailbox is on but the server listens beyond loopback: a warning to log at start,
 * since a remote visitor is refused the mailbox but a misconfigured proxy or a shared machine may not be.
 */
export function devMailboxExposureWarning(
  config: Pick<AppConfig, 'env' | 'smtpUrl' | 'host'>,
): string | undefined {
  if (config.env === 'production' || config.smtpUrl) return undefined;
  if (['127.0.0.1', '::1', 'localhost'].includes(config.host)) return undefined;
  return (
    `The development mailbox is on (no SMTP_URL) and the server listens on ${config.host}, beyond this ` +
    'machine. Mail is kept on the server for anyone at this machine to read; set SMTP_URL, or ' +
    'NODE_ENV=production, before letting anyone else use this store.'
  );
}

/**
 * `GET /dev/mailbox`: what the server "sent" while no SMTP_URL is set, newest first, so a developer
 * (or a page) can read verification codes and links. Never registered in production, only answered on
 * loopback, and never shows mail to operator accounts.
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
      // Remote callers are told nothing is here at all.
      if (!mayReadDevMailbox(request, app.config.trustProxy)) return reply.callNotFound();
      reply.header('cache-control', 'no-store');
      const messages = await app.mailer.devMailbox(request.query.to);
      return {
        messages: messages.map((message) => ({ ...message, sentAt: message.sentAt?.toISOString() ?? null })),
      };
    },
  );
};

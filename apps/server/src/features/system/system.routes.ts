import { CURRENCIES } from '@crossbuy/core/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const pingResponseSchema = z.object({ ok: z.literal(true), time: z.iso.datetime() });

export const configResponseSchema = z.object({
  app_currency: z.enum(CURRENCIES),
  support_email: z.email(),
  captcha_required: z.boolean(),
  /** The captcha widget's public key, when the contact form requires a captcha. */
  recaptcha_site_key: z.string().nullable(),
});

/** `GET /ping`: liveness, and the cheap way for a browser to obtain its anti-forgery cookie. */
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ping',
    { schema: { tags: ['auth'], summary: 'Liveness check', response: { 200: pingResponseSchema } } },
    async () => ({ ok: true as const, time: new Date().toISOString() }),
  );
};

export type PublicConfig = z.infer<typeof configResponseSchema>;

/** `GET /config`: the settings the storefront needs before it can render prices and forms. */
export const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, options) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['store'],
        summary: 'Public store configuration',
        response: { 200: configResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return options.publicConfig;
    },
  );
};

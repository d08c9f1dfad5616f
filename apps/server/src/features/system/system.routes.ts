import { CURRENCIES } from '@crossbuy/core/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readinessOf } from './health.service.js';

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

export const livenessResponseSchema = z.object({ live: z.literal(true) });
export const readinessResponseSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['reachable', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  draining: z.boolean(),
});

/**
 * `GET /health/live` and `GET /health/ready`, for a proxy or an orchestrator (docs/decisions/0076): live
 * while the process answers; ready (200, else 503 with what is wrong) while its database answers with every
 * migration applied and the process is not draining. Every role serves them.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ isDraining: () => boolean }> = async (app, options) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: livenessResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { live: true as const };
    },
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: database reachable, migrations applied, not draining',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await readinessOf(app.db, options.isDraining());
      reply.header('cache-control', 'no-store');
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
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

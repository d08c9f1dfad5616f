import { type PublicConfig, systemCalls } from '@crossbuy/core/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { readinessOf } from './health.service.js';

/** `GET /ping`: liveness, and the cheap way for a browser to obtain its anti-forgery cookie. */
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  answerCall(app, systemCalls.ping, async () => ({ ok: true as const, time: new Date().toISOString() }));
};

/**
 * `GET /health/live` and `GET /health/ready`, for a proxy or an orchestrator (docs/decisions/0076): live
 * while the process answers; ready (200, else 503 with what is wrong) while its database answers with every
 * migration applied and the process is not draining. Every role serves them.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ isDraining: () => boolean }> = async (app, options) => {
  answerCall(app, systemCalls.live, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { live: true as const };
  });
  answerCall(app, systemCalls.ready, async (_request, reply) => {
    const readiness = await readinessOf(app.db, options.isDraining());
    reply.header('cache-control', 'no-store');
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
};

/** `GET /config`: the settings the storefront needs before it can render prices and forms. */
export const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, options) => {
  answerCall(app, systemCalls.config, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return options.publicConfig;
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const currentUserResponseSchema = z.object({
  signedIn: z.boolean(),
  tfaPassed: z.boolean(),
  profile: z.null(),
});

/**
 * `GET /auth/me` for a visitor. A visitor is a normal state, not an error, so the shell can load
 * the current user on every start without a failing request.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user and session state',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { signedIn: false, tfaPassed: false, profile: null };
    },
  );
};

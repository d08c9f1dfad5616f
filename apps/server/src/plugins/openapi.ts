import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' Zod schemas, so it cannot drift from them. */
async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crossbuy API',
        description:
          'Auth, store and functions services of the Crossbuy store. Errors use the envelope ' +
          '`{ "error": { "code", "params", "message" } }`; unsafe methods need the `X-XSRF-TOKEN` header.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });

import { mkdirSync } from 'node:fs';
import { IMAGE_URL_PREFIX } from '@crossbuy/core/catalogue';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves catalogue and content pictures from the data directory at /images/. Names are not content
 * hashed (a product keeps its picture's name), so they are cached for a day rather than for good.
 */
export default async function images(app: FastifyInstance, options: { directory: string }) {
  mkdirSync(options.directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.directory,
    prefix: IMAGE_URL_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: '1d',
    setHeaders(response) {
      // An SVG opened directly must not run anything; ours never contain scripts, this keeps it so.
      response.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });
}

import { mkdirSync } from 'node:fs';
import { IMAGE_URL_PREFIX } from '@crossbuy/core/catalogue';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPictureKey, type PictureStorage } from '../lib/picture-storage.js';

const ONE_DAY_SECONDS = 86_400;

function pictureHeaders(reply: { header(name: string, value: string): unknown }) {
  // An SVG opened directly must not run anything; ours never contain scripts, this keeps it so.
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

/**
 * Serves catalogue and content pictures at /images/: from the data directory as files, or read from the
 * bucket that holds them (docs/decisions/0079), where a CDN in front does the caching. Names are not content
 * hashed (a product keeps its picture's name), so they are cached for a day rather than for good.
 */
export default async function images(app: FastifyInstance, options: { pictures: PictureStorage }) {
  const { pictures } = options;
  if (pictures.directory !== undefined) {
    mkdirSync(pictures.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: pictures.directory,
      prefix: IMAGE_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: ONE_DAY_SECONDS * 1000,
      setHeaders: pictureHeaders,
    });
    return;
  }
  app.get(`${IMAGE_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const found = isPictureKey(key) ? await pictures.get(key) : undefined;
    if (!found) return reply.callNotFound();
    pictureHeaders(reply);
    return reply
      .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
      .type(found.contentType)
      .send(found.body);
  });
}

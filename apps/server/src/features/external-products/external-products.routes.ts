import type { AppError } from '@crossbuy/core/errors';
import { externalCalls } from '@crossbuy/core/external';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { ExpiringCache } from '../../lib/expiring-cache.js';
import { principalOf, requireUser } from '../../plugins/authentication.js';
import { checkPending, EXTERNAL_LIMITS, linkPreview, searchExternal } from './external-products.service.js';

const FAILED_PREVIEW_MEMORY_MS = 2 * 60 * 1000;

/** These calls make the store fetch other sites on a shopper's behalf, so they need a shopper. */
function forSignedInShoppers(app: FastifyInstance): void {
  app.addHook('preHandler', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/** Products on other sites, looked up by link (store service, docs/rules/quotations.md). Signed-in shoppers only. */
export const externalProductRoutes: FastifyPluginAsyncZod = async (app) => {
  forSignedInShoppers(app);

  answerCall(app, externalCalls.search, async (request, reply) => {
    await app.rateLimiter.consume(EXTERNAL_LIMITS.lookupsPerUser, principalOf(request).userId);
    const { lookup, queued } = await searchExternal(
      { db: app.db, jobs: app.jobs, fetcher: app.outbound },
      request.body.link,
    );
    return reply.status(queued ? 202 : 200).send(lookup);
  });

  answerCall(app, externalCalls.checkPending, async (request) => {
    await app.rateLimiter.consume(EXTERNAL_LIMITS.checksPerUser, principalOf(request).userId);
    return checkPending(app.db, request.query.link);
  });
};

/** The link preview of the functions service (`POST opengraph`, docs/rules/content.md). Signed-in shoppers only. */
export const linkPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  forSignedInShoppers(app);
  const recentFailures = new ExpiringCache<AppError>({
    ttlMs: FAILED_PREVIEW_MEMORY_MS,
    maxEntries: 1000,
    maxBytes: 4 * 1024 * 1024,
    sizeOf: (key) => key.length * 2 + 256,
  });

  answerCall(app, externalCalls.preview, async (request) => {
    await app.rateLimiter.consume(EXTERNAL_LIMITS.previewsPerUser, principalOf(request).userId);
    return linkPreview({ db: app.db, fetcher: app.outbound }, request.body.url, recentFailures);
  });
};

import type { AppError } from '@crossbuy/core/errors';
import { externalLinkSchema, externalLookupSchema, linkPreviewSchema } from '@crossbuy/core/external';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.post(
    '/product/searchExternal',
    {
      schema: {
        tags: ['product'],
        summary: 'Look up a product on another site by link',
        description:
          'A link already read answers 200 with status `done` (or `failed` with the reason). A new link ' +
          'answers 202 with status `pending` while a background job reads the page; poll ' +
          '`GET /product/checkPending`. A failed lookup is tried again when the link is searched again ' +
          'ten minutes or more after it failed. The link is kept normalised: scheme and host lower case, ' +
          'no fragment, no click-tracking parameters (utm_*, fbclid, gclid, ...).',
        body: z.object({ link: externalLinkSchema }),
        response: { 200: externalLookupSchema, 202: externalLookupSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.consume(EXTERNAL_LIMITS.lookupsPerUser, principalOf(request).userId);
      const { lookup, queued } = await searchExternal(
        { db: app.db, jobs: app.jobs, fetcher: app.outbound },
        request.body.link,
      );
      return reply.status(queued ? 202 : 200).send(lookup);
    },
  );

  app.get(
    '/product/checkPending',
    {
      schema: {
        tags: ['product'],
        summary: 'Where the lookup of a link stands: pending, done (with the product) or failed (with why)',
        querystring: z.object({ link: externalLinkSchema }),
        response: { 200: externalLookupSchema },
      },
    },
    async (request) => {
      await app.rateLimiter.consume(EXTERNAL_LIMITS.checksPerUser, principalOf(request).userId);
      return checkPending(app.db, request.query.link);
    },
  );
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

  app.post(
    '/opengraph',
    {
      schema: {
        tags: ['functions'],
        summary: "A link's preview: title, description, picture and site name, kept for a day",
        description:
          'Reads the page through the store’s outbound-fetch guard. A page that cannot be read answers ' +
          '400 `external/fetch_failed` with the reason, or `external/blocked_address`.',
        body: z.object({ url: externalLinkSchema }),
        response: { 200: linkPreviewSchema },
      },
    },
    async (request) => {
      await app.rateLimiter.consume(EXTERNAL_LIMITS.previewsPerUser, principalOf(request).userId);
      return linkPreview({ db: app.db, fetcher: app.outbound }, request.body.url, recentFailures);
    },
  );
};

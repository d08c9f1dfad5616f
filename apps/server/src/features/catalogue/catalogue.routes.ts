import { catalogueCalls, type ProductFlags } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { principalOf, requireUser, visitorOrUser } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { CATALOGUE_CHANGES_TOPIC, forgetCatalogueReads } from './catalogue-caches.js';
import { categoryTree, getMerchant, listMerchants } from './catalogue-structure.service.js';
import { searchProducts } from './product-search.service.js';
import { ProductViewRecorder } from './product-views.js';
import { getProduct, productExists } from './products.service.js';
import {
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedProducts,
  recordProductViews,
} from './recently-viewed.service.js';
import { searchSuggestions } from './search-suggestions.service.js';

/** How each per-shopper flag of a product is found out; other features own the facts behind them. */
export type ProductFlagChecks = {
  [Flag in keyof ProductFlags]: (userId: string, productId: string) => Promise<boolean>;
};

export type CatalogueRoutesOptions = { regions: RegionDirectory; flagChecks: ProductFlagChecks };

/** Products, categories and merchants: the calls of `catalogueCalls`. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const { regions, flagChecks } = options;
  const productViews = new ProductViewRecorder({
    write: (userId, productIds) => recordProductViews(app.db, userId, productIds),
    log: app.log,
    keep: RECENTLY_VIEWED_LIMIT,
  });
  app.addHook('onClose', () => productViews.close());
  // Staff edits reach shoppers at once, whichever process serves them (docs/decisions/0043, docs/features/catalogue-structure.md).
  const stopHearingChanges = app.live.subscribe(CATALOGUE_CHANGES_TOPIC, (payload) =>
    forgetCatalogueReads(app.db, payload?.productId ?? null),
  );
  app.addHook('onClose', async () => stopHearingChanges());

  answerCall(app, catalogueCalls.search, async (request) =>
    searchProducts(app.db, request.query, await regions.pricing(request.query.region)),
  );

  answerCall(app, catalogueCalls.suggestions, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return searchSuggestions(app.db, request.query);
  });

  answerCall(app, catalogueCalls.product, async (request) => {
    const product = await getProduct(app.db, request.params.id, await regions.pricing(request.query.region));
    const viewer = product.disabled ? undefined : await visitorOrUser(request);
    if (viewer) productViews.record(viewer.userId, product.uuid);
    return { product };
  });

  answerCall(app, catalogueCalls.flags, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { id } = request.params;
    if (!(await productExists(app.db, id))) throw new AppError('product/not_found', [id]);
    const user = await visitorOrUser(request);
    if (!user) return { inWishlist: false, inCart: false };
    const [inWishlist, inCart] = await Promise.all([
      flagChecks.inWishlist(user.userId, id),
      flagChecks.inCart(user.userId, id),
    ]);
    return { inWishlist, inCart };
  });

  answerCall(app, catalogueCalls.categories, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { categories: await categoryTree(app.db) };
  });

  answerCall(
    app,
    catalogueCalls.recentlyViewed,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const region = await regions.pricing(request.query.region);
      // Views are written after their pages are answered; the shopper's own list must already show them.
      await productViews.settled(principalOf(request).userId);
      return { products: await recentlyViewedProducts(app.db, principalOf(request).userId, region) };
    },
    { preHandler: requireUser },
  );

  answerCall(app, catalogueCalls.merchants, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    const { page, limit } = request.query;
    return { ...(await listMerchants(app.db, page, limit)), page, limit };
  });

  answerCall(app, catalogueCalls.merchant, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { merchant: await getMerchant(app.db, request.params.id) };
  });
};

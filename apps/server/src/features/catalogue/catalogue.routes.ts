import {
  categoryNodeSchema,
  countryCodeSchema,
  merchantSchema,
  type ProductFlags,
  productFlagsSchema,
  productSchema,
  productSearchQuerySchema,
  productSearchResultSchema,
  productSummarySchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser, visitorOrUser } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import {
  CATALOGUE_CHANGES_TOPIC,
  categoryTree,
  forgetCatalogueReads,
  getMerchant,
  getProduct,
  listMerchants,
  productExists,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedProducts,
  recordProductViews,
  searchProducts,
  searchSuggestions,
} from './catalogue.service.js';
import { ProductViewRecorder } from './product-views.js';

/** How each per-shopper flag of a product is found out; other features own the facts behind them. */
export type ProductFlagChecks = {
  [Flag in keyof ProductFlags]: (userId: string, productId: string) => Promise<boolean>;
};

export type CatalogueRoutesOptions = { regions: RegionDirectory; flagChecks: ProductFlagChecks };

const regionQuery = z.object({ region: countryCodeSchema.optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });
const MERCHANT_MAX_LIMIT = 60;

/** Products, categories and merchants (store service, docs/rules/catalogue-and-regions.md). */
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

  app.get(
    '/product/search',
    {
      schema: {
        tags: ['product'],
        summary: 'Search and browse products, with filters, sorting, paging and facet counts',
        description:
          'Full-text search over names, merchants, categories and descriptions; partial words match as ' +
          'prefixes and misspelt words are matched to the nearest words the catalogue knows (unless `asTyped`); ' +
          '`correctedQuery` then names the query the products were found for. Prices, price ' +
          'filters and price sorting are in the currency of `region` (default: the default region).',
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResultSchema },
      },
    },
    async (request) => searchProducts(app.db, request.query, await regions.pricing(request.query.region)),
  );

  app.get(
    '/product/suggestions',
    {
      schema: {
        tags: ['product'],
        summary: 'Categories and products to suggest while a shopper types a search',
        description:
          'Matches as the search does (partial words as prefixes, misspelt words by the nearest known ' +
          'words), with few results and no prices, so answers are small and shared between shoppers. ' +
          'Fewer than two letters suggest nothing.',
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return searchSuggestions(app.db, request.query);
    },
  );

  app.get(
    '/product/one/:id',
    {
      schema: {
        tags: ['product'],
        summary: 'One product by uuid or paramName; a disabled product answers with disabled: true',
        params: idParams,
        querystring: regionQuery,
        response: { 200: z.object({ product: productSchema }) },
      },
    },
    async (request) => {
      const product = await getProduct(
        app.db,
        request.params.id,
        await regions.pricing(request.query.region),
      );
      const viewer = product.disabled ? undefined : await visitorOrUser(request);
      if (viewer) productViews.record(viewer.userId, product.uuid);
      return { product };
    },
  );

  app.get(
    '/product/:id/flags',
    {
      schema: {
        tags: ['product'],
        summary: "The signed-in shopper's flags for a product (all false for a visitor)",
        params: idParams,
        response: { 200: productFlagsSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/product/categories',
    {
      schema: {
        tags: ['product'],
        summary: 'The category tree; clients derive dotted paths and parents',
        response: { 200: z.object({ categories: z.array(categoryNodeSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { categories: await categoryTree(app.db) };
    },
  );

  app.get(
    '/product/recently_viewed',
    {
      preHandler: requireUser,
      schema: {
        tags: ['product'],
        summary: "The signed-in shopper's recently viewed products, newest first",
        querystring: regionQuery,
        response: { 200: z.object({ products: z.array(productSummarySchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const region = await regions.pricing(request.query.region);
      // Views are written after their pages are answered; the shopper's own list must already show them.
      await productViews.settled(principalOf(request).userId);
      return { products: await recentlyViewedProducts(app.db, principalOf(request).userId, region) };
    },
  );

  app.get(
    '/merchant',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Merchants by name, a page at a time',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1000).default(1),
          limit: z.coerce.number().int().min(1).max(MERCHANT_MAX_LIMIT).default(MERCHANT_MAX_LIMIT),
        }),
        response: {
          200: z.object({
            merchants: z.array(merchantSchema),
            total: z.int(),
            page: z.int(),
            limit: z.int(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const { page, limit } = request.query;
      return { ...(await listMerchants(app.db, page, limit)), page, limit };
    },
  );

  app.get(
    '/merchant/:id',
    {
      schema: {
        tags: ['merchant'],
        summary: 'One merchant',
        params: idParams,
        response: { 200: z.object({ merchant: merchantSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { merchant: await getMerchant(app.db, request.params.id) };
    },
  );
};

import { countryCodeSchema, wishlistItemSchema } from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { addToWishlist, getWishlistItem, listWishlist, removeFromWishlist } from './wishlist.service.js';

const WISHLIST_MAX_LIMIT = 60;
const regionQuery = z.object({ region: countryCodeSchema.optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });
const itemResponse = z.object({ wishlistItem: wishlistItemSchema });

export type WishlistRoutesOptions = { regions: RegionDirectory };

/** The signed-in shopper's wishlist (docs/rules/content.md); products are priced for `region`. */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to the wishlist; adding it again returns the existing item',
        querystring: regionQuery,
        body: z.object({ productId: z.string().min(1).max(200) }),
        response: { 200: itemResponse, 201: itemResponse },
      },
    },
    async (request, reply) => {
      const region = await regions.pricing(request.query.region);
      const { item, created } = await addToWishlist(
        app.db,
        principalOf(request).userId,
        request.body.productId,
        region,
      );
      return reply.status(created ? 201 : 200).send({ wishlistItem: item });
    },
  );

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist, newest first, a page at a time',
        querystring: regionQuery.extend({
          page: z.coerce.number().int().min(1).max(1000).default(1),
          limit: z.coerce.number().int().min(1).max(WISHLIST_MAX_LIMIT).default(24),
        }),
        response: {
          200: z.object({
            wishlistItems: z.array(wishlistItemSchema),
            total: z.int(),
            page: z.int(),
            limit: z.int(),
          }),
        },
      },
    },
    async (request) => {
      const { page, limit, region } = request.query;
      const { items, total } = await listWishlist(
        app.db,
        principalOf(request).userId,
        { page, limit },
        await regions.pricing(region),
      );
      return { wishlistItems: items, total, page, limit };
    },
  );

  app.get(
    '/wishlist/:id',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'One wishlist item',
        params: idParams,
        querystring: regionQuery,
        response: { 200: itemResponse },
      },
    },
    async (request) => {
      const region = await regions.pricing(request.query.region);
      return {
        wishlistItem: await getWishlistItem(app.db, principalOf(request).userId, request.params.id, region),
      };
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove an item from the wishlist',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeFromWishlist(app.db, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

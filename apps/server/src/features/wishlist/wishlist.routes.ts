import { wishlistCalls } from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { addToWishlist, getWishlistItem, listWishlist, removeFromWishlist } from './wishlist.service.js';

export type WishlistRoutesOptions = { regions: RegionDirectory };

/** The signed-in shopper's wishlist: the calls of `wishlistCalls`, priced for `region`. */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);

  answerCall(app, wishlistCalls.add, async (request, reply) => {
    const region = await regions.pricing(request.query.region);
    const { item, created } = await addToWishlist(
      app.db,
      principalOf(request).userId,
      request.body.productId,
      region,
    );
    return reply.status(created ? 201 : 200).send({ wishlistItem: item });
  });

  answerCall(app, wishlistCalls.list, async (request) => {
    const { page, limit, region } = request.query;
    const { items, total } = await listWishlist(
      app.db,
      principalOf(request).userId,
      { page, limit },
      await regions.pricing(region),
    );
    return { wishlistItems: items, total, page, limit };
  });

  answerCall(app, wishlistCalls.one, async (request) => {
    const region = await regions.pricing(request.query.region);
    return {
      wishlistItem: await getWishlistItem(app.db, principalOf(request).userId, request.params.id, region),
    };
  });

  answerCall(app, wishlistCalls.remove, async (request, reply) => {
    await removeFromWishlist(app.db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });
};

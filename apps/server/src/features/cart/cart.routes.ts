import { cartCalls } from '@crossbuy/core/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { addToCart, getCart, removeCartItem, updateCartItem } from './cart.service.js';

export type CartRoutesOptions = { regions: RegionDirectory };

/** The signed-in shopper's cart: the calls of `cartCalls`, priced for `region`. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);

  answerCall(app, cartCalls.get, async (request) =>
    getCart(app.db, principalOf(request).userId, await regions.pricing(request.query.region)),
  );

  answerCall(app, cartCalls.add, async (request, reply) => {
    const region = await regions.pricing(request.query.region);
    const { created, ...answer } = await addToCart(app.db, principalOf(request).userId, request.body, region);
    return reply.status(created ? 201 : 200).send(answer);
  });

  answerCall(app, cartCalls.update, async (request) =>
    updateCartItem(
      app.db,
      principalOf(request).userId,
      request.params.id,
      request.body,
      await regions.pricing(request.query.region),
    ),
  );

  answerCall(app, cartCalls.remove, async (request, reply) => {
    await removeCartItem(app.db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });
};

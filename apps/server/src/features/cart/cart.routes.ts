import { addToCartSchema, cartItemAnswerSchema, cartSchema, updateCartItemSchema } from '@crossbuy/core/cart';
import { countryCodeSchema } from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { addToCart, getCart, removeCartItem, updateCartItem } from './cart.service.js';

const regionQuery = z.object({ region: countryCodeSchema.optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });

export type CartRoutesOptions = { regions: RegionDirectory };

/** The signed-in shopper's cart (docs/rules/cart-and-checkout.md); lines are priced for `region`. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart: its lines, oldest first, and the products behind them',
        description:
          'Prices and stock are read from the tables at each call. Each line says whether it is in stock ' +
          '(`inStock`, docs/rules/cart-and-checkout.md) and whether its product is still on sale (`available`).',
        querystring: regionQuery,
        response: { 200: cartSchema },
      },
    },
    async (request) =>
      getCart(app.db, principalOf(request).userId, await regions.pricing(request.query.region)),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product to the cart; the same product and variant path raises that line instead',
        description:
          "201 when a line was added, 200 when an existing line's quantity was raised. A line holds at " +
          'most 99; a cart at most 100 lines.',
        querystring: regionQuery,
        body: addToCartSchema,
        response: { 200: cartItemAnswerSchema, 201: cartItemAnswerSchema },
      },
    },
    async (request, reply) => {
      const region = await regions.pricing(request.query.region);
      const { created, ...answer } = await addToCart(
        app.db,
        principalOf(request).userId,
        request.body,
        region,
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.put(
    '/cart/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Change the quantity or the message of a line; no other field can be changed',
        params: idParams,
        querystring: regionQuery,
        body: updateCartItemSchema,
        response: { 200: cartItemAnswerSchema },
      },
    },
    async (request) =>
      updateCartItem(
        app.db,
        principalOf(request).userId,
        request.params.id,
        request.body,
        await regions.pricing(request.query.region),
      ),
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from the cart',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeCartItem(app.db, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

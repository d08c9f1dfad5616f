import { regionQuerySchema } from '../catalogue/schemas.js';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import { addToCartSchema, cartItemAnswerSchema, cartSchema, updateCartItemSchema } from './schemas.js';

/** The signed-in shopper's cart (docs/rules/cart-and-checkout.md); lines are priced for `region`. */
export const cartCalls = {
  get: defineCall({
    method: 'get',
    path: '/cart',
    tag: 'cart',
    summary: 'The cart: its lines, oldest first, and the products behind them',
    description:
      'Prices and stock are read from the tables at each call. Each line says whether it is in stock ' +
      '(`inStock`, docs/rules/cart-and-checkout.md) and whether its product is still on sale (`available`).',
    query: regionQuerySchema,
    responses: { 200: cartSchema },
  }),
  add: defineCall({
    method: 'post',
    path: '/cart',
    tag: 'cart',
    summary: 'Add a product to the cart; the same product and variant path raises that line instead',
    description:
      "201 when a line was added, 200 when an existing line's quantity was raised. A line holds at " +
      'most 99; a cart at most 100 lines.',
    query: regionQuerySchema,
    body: addToCartSchema,
    responses: { 200: cartItemAnswerSchema, 201: cartItemAnswerSchema },
  }),
  update: defineCall({
    method: 'put',
    path: '/cart/{id}',
    tag: 'cart',
    summary: 'Change the quantity or the message of a line; no other field can be changed',
    params: idParamsSchema,
    query: regionQuerySchema,
    body: updateCartItemSchema,
    responses: { 200: cartItemAnswerSchema },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/cart/{id}',
    tag: 'cart',
    summary: 'Remove a line from the cart',
    params: idParamsSchema,
    responses: { 204: null },
  }),
};

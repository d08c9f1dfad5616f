import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import { regionQuerySchema, wishlistItemSchema } from './schemas.js';

/** The most wishlist items one page may ask for. */
const WISHLIST_MAX_LIMIT = 60;

const itemAnswer = z.object({ wishlistItem: wishlistItemSchema });

/** The signed-in shopper's wishlist (docs/rules/content.md); products are priced for `region`. */
export const wishlistCalls = {
  add: defineCall({
    method: 'post',
    path: '/wishlist',
    tag: 'wishlist',
    summary: 'Add a product to the wishlist; adding it again returns the existing item',
    query: regionQuerySchema,
    body: z.object({ productId: z.string().min(1).max(200) }),
    responses: { 200: itemAnswer, 201: itemAnswer },
  }),
  list: defineCall({
    method: 'get',
    path: '/wishlist',
    tag: 'wishlist',
    summary: 'The wishlist, newest first, a page at a time',
    query: regionQuerySchema.extend({
      page: z.coerce.number().int().min(1).max(1000).default(1),
      limit: z.coerce.number().int().min(1).max(WISHLIST_MAX_LIMIT).default(24),
    }),
    responses: {
      200: z.object({
        wishlistItems: z.array(wishlistItemSchema),
        total: z.int(),
        page: z.int(),
        limit: z.int(),
      }),
    },
  }),
  one: defineCall({
    method: 'get',
    path: '/wishlist/{id}',
    tag: 'wishlist',
    summary: 'One wishlist item',
    params: idParamsSchema,
    query: regionQuerySchema,
    responses: { 200: itemAnswer },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/wishlist/{id}',
    tag: 'wishlist',
    summary: 'Remove an item from the wishlist',
    params: idParamsSchema,
    responses: { 204: null },
  }),
};

import { defineCall } from '../contract/index.js';
import {
  productImageKeyQuerySchema,
  productImageOrderSchema,
  productImageParamsSchema,
  productImagesSchema,
} from './product-images.js';

/**
 * A product's pictures for operators and admins (docs/features/catalogue-structure.md); each call answers
 * with the pictures as they now are. The upload is not declared here: its body is the picture's own
 * bytes, not JSON.
 */
export const productImageCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/products/{id}/images',
    tag: 'admin',
    summary: "A product's pictures in order; the first is its main picture",
    params: productImageParamsSchema,
    responses: { 200: productImagesSchema },
  }),
  order: defineCall({
    method: 'put',
    path: '/admin/products/{id}/images/order',
    tag: 'admin',
    summary: "Put a product's pictures in a new order: every key once; the first becomes the main picture",
    params: productImageParamsSchema,
    body: productImageOrderSchema,
    responses: { 200: productImagesSchema },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/admin/products/{id}/images',
    tag: 'admin',
    summary: 'Delete one of a product’s pictures, named by its key',
    params: productImageParamsSchema,
    query: productImageKeyQuerySchema,
    responses: { 200: productImagesSchema },
  }),
};

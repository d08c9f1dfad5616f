import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  productImageKeyQuerySchema,
  productImageOrderSchema,
  productImagesSchema,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  addProductImage,
  listProductImages,
  orderProductImages,
  removeProductImage,
} from './product-images.service.js';

const idParams = z.object({ id: z.string().max(200) });

const imagesResponse = { 200: productImagesSchema };

/**
 * A product's pictures for operators and admins (docs/features/catalogue-structure.md). Mounted under /api/admin. A picture
 * is sent as the request body itself, typed image/jpeg, image/png or image/webp: one file per call needs
 * no multipart form, and its size is capped by this route's own body limit.
 */
export const adminProductImageRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const { pictures } = app;

  acceptPictureBodies(app);

  app.get(
    '/products/:id/images',
    {
      schema: {
        tags: ['admin'],
        summary: "A product's pictures in order; the first is its main picture",
        params: idParams,
        response: imagesResponse,
      },
    },
    async (request) => listProductImages(app.db, request.params.id),
  );

  app.post(
    '/products/:id/images',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a picture as the product’s last: a JPEG, PNG or WebP file of at most 5 MB as the body',
        description:
          'The type is read from the file’s bytes, not its name or Content-Type. The picture is re-encoded ' +
          '(metadata dropped) within 1200 px, with a 480 px square thumbnail; at most 24 megapixels.',
        consumes: [...PRODUCT_IMAGE_TYPES],
        params: idParams,
        response: imagesResponse,
      },
    },
    async (request) =>
      addProductImage(
        app.db,
        pictures,
        principalOf(request).userId,
        request.params.id,
        pictureBody(request.body),
      ),
  );

  app.put(
    '/products/:id/images/order',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Put a product's pictures in a new order: every key once; the first becomes the main picture",
        params: idParams,
        body: productImageOrderSchema,
        response: imagesResponse,
      },
    },
    async (request) =>
      orderProductImages(app.db, principalOf(request).userId, request.params.id, request.body.keys),
  );

  app.delete(
    '/products/:id/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete one of a product’s pictures, named by its key',
        params: idParams,
        querystring: productImageKeyQuerySchema,
        response: imagesResponse,
      },
    },
    async (request) =>
      removeProductImage(app.db, pictures, principalOf(request).userId, request.params.id, request.query.key),
  );
};

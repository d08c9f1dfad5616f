import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  productImageCalls,
  productImageParamsSchema,
  productImagesSchema,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  addProductImage,
  listProductImages,
  orderProductImages,
  removeProductImage,
} from './product-images.service.js';

/**
 * A product's pictures for operators and admins (docs/features/catalogue-structure.md). Mounted under /api/admin. A picture
 * is sent as the request body itself, typed image/jpeg, image/png or image/webp: one file per call needs
 * no multipart form, and its size is capped by this route's own body limit.
 */
export const adminProductImageRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const { pictures } = app;

  acceptPictureBodies(app);

  answerCall(app, productImageCalls.list, async (request) => listProductImages(app.db, request.params.id));

  // The picture's own bytes are the body, not JSON, so the upload is not one of the contract's calls
  // (docs/decisions/0085).
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
        params: productImageParamsSchema,
        response: { 200: productImagesSchema },
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

  answerCall(app, productImageCalls.order, async (request) =>
    orderProductImages(app.db, principalOf(request).userId, request.params.id, request.body.keys),
  );

  answerCall(app, productImageCalls.remove, async (request) =>
    removeProductImage(app.db, pictures, principalOf(request).userId, request.params.id, request.query.key),
  );
};

import {
  adminMerchantListQuerySchema,
  adminMerchantPageSchema,
  adminMerchantResponseSchema,
  merchantCreateSchema,
  merchantUpdateSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  createMerchant,
  getAdminMerchant,
  listAdminMerchants,
  setMerchantLogo,
  updateMerchant,
} from './merchant-admin.service.js';

const idParams = z.object({ id: z.string().max(200) });

/** Merchants for operators and admins (docs/features/catalogue-structure.md). Mounted under /api/admin. */
export const adminMerchantRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  acceptPictureBodies(app);
  const { pictures } = app;

  app.get(
    '/merchants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Merchants by name, disabled ones included; by part of a name or marketplace, or by status',
        querystring: adminMerchantListQuerySchema,
        response: { 200: adminMerchantPageSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await listAdminMerchants(app.db, request.query)), page, limit };
    },
  );

  app.get(
    '/merchants/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One merchant, disabled or not',
        params: idParams,
        response: { 200: adminMerchantResponseSchema },
      },
    },
    async (request) => ({ merchant: await getAdminMerchant(app.db, request.params.id) }),
  );

  app.post(
    '/merchants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a merchant',
        body: merchantCreateSchema,
        response: { 200: adminMerchantResponseSchema },
      },
    },
    async (request) => ({
      merchant: await createMerchant(app.db, principalOf(request).userId, request.body),
    }),
  );

  app.patch(
    '/merchants/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a merchant, or disable it (left out of the store’s merchant list) or enable it',
        params: idParams,
        body: merchantUpdateSchema,
        response: { 200: adminMerchantResponseSchema },
      },
    },
    async (request) => ({
      merchant: await updateMerchant(app.db, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  app.put(
    '/merchants/:id/logo',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Replace a merchant’s logo: a JPEG, PNG or WebP file of at most 5 MB as the body',
        description: 'Checked and re-encoded as a product picture is (docs/features/catalogue-structure.md).',
        consumes: [...PRODUCT_IMAGE_TYPES],
        params: idParams,
        response: { 200: adminMerchantResponseSchema },
      },
    },
    async (request) => ({
      merchant: await setMerchantLogo(
        app.db,
        pictures,
        principalOf(request).userId,
        request.params.id,
        pictureBody(request.body),
      ),
    }),
  );
};

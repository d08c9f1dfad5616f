import {
  adminMerchantResponseSchema,
  merchantAdminCalls,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  createMerchant,
  getAdminMerchant,
  listAdminMerchants,
  setMerchantLogo,
  updateMerchant,
} from './merchant-admin.service.js';

/**
 * Merchants for operators and admins: the calls of `merchantAdminCalls`, and the logo, whose body is the
 * picture file rather than JSON. Mounted under /api/admin.
 */
export const adminMerchantRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  acceptPictureBodies(app);
  const { pictures } = app;

  answerCall(app, merchantAdminCalls.list, async (request) => {
    const { page, limit } = request.query;
    return { ...(await listAdminMerchants(app.db, request.query)), page, limit };
  });

  answerCall(app, merchantAdminCalls.one, async (request) => ({
    merchant: await getAdminMerchant(app.db, request.params.id),
  }));

  answerCall(app, merchantAdminCalls.create, async (request) => ({
    merchant: await createMerchant(app.db, principalOf(request).userId, request.body),
  }));

  answerCall(app, merchantAdminCalls.update, async (request) => ({
    merchant: await updateMerchant(app.db, principalOf(request).userId, request.params.id, request.body),
  }));

  app.put(
    '/merchants/:id/logo',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Replace a merchant’s logo: a JPEG, PNG or WebP file of at most 5 MB as the body',
        description: 'Checked and re-encoded as a product picture is (docs/features/catalogue-structure.md).',
        consumes: [...PRODUCT_IMAGE_TYPES],
        params: merchantAdminCalls.one.params,
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

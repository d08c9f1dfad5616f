import {
  adminProductAnswerSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  createProductSchema,
  removeVariantQuerySchema,
  saveVariantSchema,
  saveVariantTableSchema,
  setRegionPricesSchema,
  setStockSchema,
  updateProductSchema,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { forgetCatalogueReads } from './catalogue.service.js';
import {
  createProduct,
  getAdminProduct,
  listAdminProducts,
  removeVariant,
  saveVariant,
  saveVariantTable,
  setRegionPrices,
  setStock,
  updateProduct,
} from './product-admin.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The catalogue's products for operators and admins (docs/decisions/0043). Mounted under /api/admin. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  // Every other process forgets the product when it hears the change on the live bus; this one forgets it
  // before answering, so the staff member's next look at the shop already shows the change.
  const changed = <T extends { id: string }>(product: T): { product: T } => {
    forgetCatalogueReads(app.db, product.id);
    return { product };
  };

  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every product, enabled or not: by name, id or paramName, category, merchant, state and stock',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductPageSchema },
      },
    },
    async (request) => listAdminProducts(app.db, request.query),
  );

  app.post(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a product to the catalogue',
        body: createProductSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) => changed(await createProduct(app.db, principalOf(request).userId, request.body)),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One product for editing: its fields, variants with stock, region prices and version',
        params: idParams,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) => ({ product: await getAdminProduct(app.db, request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a product (name, description, category, merchant, price, weight, enabled, options) from the version it was loaded at',
        params: idParams,
        body: updateProductSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await updateProduct(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  app.put(
    '/products/:id/variants',
    {
      schema: {
        tags: ['admin'],
        summary: "Add a variant (one option of each kind) or change its price, from the product's version",
        params: idParams,
        body: saveVariantSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await saveVariant(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  app.put(
    '/products/:id/variant_rows',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Save every variant's price and stock at once, all or nothing: prices from the product's version, each stock from the count it was loaded at",
        params: idParams,
        body: saveVariantTableSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await saveVariantTable(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/products/:id/variants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a variant nobody has ordered; an ordered one is kept (set its stock to 0)',
        params: idParams,
        querystring: removeVariantQuerySchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await removeVariant(app.db, principalOf(request).userId, request.params.id, request.query)),
  );

  app.put(
    '/products/:id/stock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the stock of a product without variants, or of one variant, to an absolute count',
        params: idParams,
        body: setStockSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await setStock(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  app.put(
    '/products/:id/region_prices',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace the product's own prices for regions, each in its region's currency",
        params: idParams,
        body: setRegionPricesSchema,
        response: { 200: adminProductAnswerSchema },
      },
    },
    async (request) =>
      changed(await setRegionPrices(app.db, principalOf(request).userId, request.params.id, request.body)),
  );
};

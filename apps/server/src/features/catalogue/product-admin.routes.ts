import { Readable } from 'node:stream';
import {
  adminProductAnswerSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  applyProductImportSchema,
  createProductSchema,
  PRODUCT_CSV_MAX_CHARACTERS,
  PRODUCT_CSV_MAX_LINES,
  previewProductImportSchema,
  productImportPreviewSchema,
  productImportResultSchema,
  removeVariantQuerySchema,
  saveVariantSchema,
  saveVariantTableSchema,
  setRegionPricesSchema,
  setStockSchema,
  updateProductSchema,
} from '@crossbuy/core/catalogue';
import { storeDayOf } from '@crossbuy/core/dates';
import { toErrorEnvelope } from '@crossbuy/core/errors';
import { type CsvLineError, csvImportRefusalSchema } from '@crossbuy/core/settings';
import type { FastifyReply } from 'fastify';
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
import {
  applyProductImport,
  previewProductImport,
  productExportCsv,
  recordProductExport,
} from './product-csv.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** A file's text travels as a JSON string: room for the most characters a file may have, each escaped. */
const IMPORT_BODY_LIMIT = PRODUCT_CSV_MAX_CHARACTERS * 6 + 1024;

const IMPORT_DESCRIPTION =
  'The file is what the export writes: a header line, then one line per product without options or per ' +
  'variant, keyed by `product` (the paramName; a key the catalogue does not have creates that product) and ' +
  `the option values. At most ${PRODUCT_CSV_MAX_LINES} lines and ${PRODUCT_CSV_MAX_CHARACTERS} characters. ` +
  'A file with any wrong line changes nothing and answers 400 `product_import/invalid` with every wrong ' +
  'line, numbered from 1.';

function refuseLines(reply: FastifyReply, errors: CsvLineError[]) {
  const { error } = toErrorEnvelope('product_import/invalid', [errors.length]);
  return reply.status(400).send({ error, lines: errors });
}

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

  app.get(
    '/products/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product as a CSV file: a line per product without options or per variant',
        description:
          'Columns: product (the key), name, category, merchant, enabled, option_1/value_1 to ' +
          'option_3/value_3, price_SGD (the base price), one price_<country>_<currency> per region (empty: ' +
          'no own price, the base price is converted), stock. Streamed; audited.',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await recordProductExport(app.db, principalOf(request).userId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${storeDayOf(new Date())}.csv"`)
        .send(Readable.from(productExportCsv(app.db)));
    },
  );

  app.post(
    '/products/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'What a product file would change, changing nothing: every product it creates or changes',
        description: `${IMPORT_DESCRIPTION} The answer's \`fingerprint\` is sent back to apply the file.`,
        body: previewProductImportSchema,
        response: { 200: productImportPreviewSchema, 400: csvImportRefusalSchema },
      },
    },
    async (request, reply) => {
      const preview = await previewProductImport(app.db, request.body.csv);
      if (!preview.ok) return refuseLines(reply, preview.errors);
      return { products: preview.products, fingerprint: preview.fingerprint };
    },
  );

  app.post(
    '/products/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Apply a previewed product file: every line or none',
        description:
          `${IMPORT_DESCRIPTION} If what the file changes is no longer what the preview showed ` +
          '(`fingerprint`), nothing is written and the answer is 409 `product_import/stale_preview`. ' +
          'Each product created or changed is audited with its changes.',
        body: applyProductImportSchema,
        response: { 200: productImportResultSchema, 400: csvImportRefusalSchema },
      },
    },
    async (request, reply) => {
      const { csv, fingerprint } = request.body;
      const applied = await applyProductImport(app.db, principalOf(request).userId, csv, fingerprint);
      if (!applied.ok) return refuseLines(reply, applied.errors);
      for (const product of applied.result.products)
        if (product.action !== 'unchanged') forgetCatalogueReads(app.db, product.id);
      return applied.result;
    },
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

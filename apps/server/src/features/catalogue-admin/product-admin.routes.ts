import { Readable } from 'node:stream';
import { PRODUCT_CSV_MAX_CHARACTERS, productAdminCalls } from '@crossbuy/core/catalogue';
import { storeDayOf } from '@crossbuy/core/dates';
import { toErrorEnvelope } from '@crossbuy/core/errors';
import type { CsvLineError } from '@crossbuy/core/settings';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { forgetCatalogueReads } from '../catalogue/catalogue-caches.js';
import { createProduct, getAdminProduct, listAdminProducts, updateProduct } from './product-admin.service.js';
import { productExportCsv, recordProductExport } from './product-export.service.js';
import { applyProductImport, previewProductImport } from './product-import.service.js';
import {
  removeVariant,
  saveVariant,
  saveVariantTable,
  setRegionPrices,
  setStock,
} from './product-variants.service.js';

/** A file's text travels as a JSON string: room for the most characters a file may have, each escaped. */
const IMPORT_BODY_LIMIT = PRODUCT_CSV_MAX_CHARACTERS * 6 + 1024;

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

  answerCall(app, productAdminCalls.list, async (request) => listAdminProducts(app.db, request.query));

  // A streamed CSV download, not a JSON answer, so it is not one of the contract's calls
  // (docs/decisions/0085).
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

  answerCall(
    app,
    productAdminCalls.previewImport,
    async (request, reply) => {
      const preview = await previewProductImport(app.db, request.body.csv);
      if (!preview.ok) return refuseLines(reply, preview.errors);
      return { products: preview.products, fingerprint: preview.fingerprint };
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  answerCall(
    app,
    productAdminCalls.applyImport,
    async (request, reply) => {
      const { csv, fingerprint } = request.body;
      const applied = await applyProductImport(app.db, principalOf(request).userId, csv, fingerprint);
      if (!applied.ok) return refuseLines(reply, applied.errors);
      for (const product of applied.result.products)
        if (product.action !== 'unchanged') forgetCatalogueReads(app.db, product.id);
      return applied.result;
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  answerCall(app, productAdminCalls.create, async (request) =>
    changed(await createProduct(app.db, principalOf(request).userId, request.body)),
  );

  answerCall(app, productAdminCalls.get, async (request) => ({
    product: await getAdminProduct(app.db, request.params.id),
  }));

  answerCall(app, productAdminCalls.update, async (request) =>
    changed(await updateProduct(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  answerCall(app, productAdminCalls.saveVariant, async (request) =>
    changed(await saveVariant(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  answerCall(app, productAdminCalls.saveVariantTable, async (request) =>
    changed(await saveVariantTable(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  answerCall(app, productAdminCalls.removeVariant, async (request) =>
    changed(await removeVariant(app.db, principalOf(request).userId, request.params.id, request.query)),
  );

  answerCall(app, productAdminCalls.setStock, async (request) =>
    changed(await setStock(app.db, principalOf(request).userId, request.params.id, request.body)),
  );

  answerCall(app, productAdminCalls.setRegionPrices, async (request) =>
    changed(await setRegionPrices(app.db, principalOf(request).userId, request.params.id, request.body)),
  );
};

import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { csvImportRefusalSchema } from '../settings/schemas.js';
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
} from './product-admin.js';
import {
  applyProductImportSchema,
  PRODUCT_CSV_MAX_CHARACTERS,
  PRODUCT_CSV_MAX_LINES,
  previewProductImportSchema,
  productImportPreviewSchema,
  productImportResultSchema,
} from './product-csv.js';

const params = z.object({ id: z.string().min(1).max(64) });

const importDescription =
  'The file is what the export writes: a header line, then one line per product without options or per ' +
  'variant, keyed by `product` (the paramName; a key the catalogue does not have creates that product) and ' +
  `the option values. At most ${PRODUCT_CSV_MAX_LINES} lines and ${PRODUCT_CSV_MAX_CHARACTERS} characters. ` +
  'A file with any wrong line changes nothing and answers 400 `product_import/invalid` with every wrong ' +
  'line, numbered from 1.';

/**
 * The catalogue's products for operators and admins (docs/decisions/0043), and the product file
 * (docs/features/csv-files.md). The file's export is a CSV download, not a JSON answer, so it is not
 * declared here.
 */
export const productAdminCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/products',
    tag: 'admin',
    summary: 'Every product, enabled or not: by name, id or paramName, category, merchant, state and stock',
    query: adminProductListQuerySchema,
    responses: { 200: adminProductPageSchema },
  }),
  previewImport: defineCall({
    method: 'post',
    path: '/admin/products/import/preview',
    tag: 'admin',
    summary: 'What a product file would change, changing nothing: every product it creates or changes',
    description: `${importDescription} The answer's \`fingerprint\` is sent back to apply the file.`,
    body: previewProductImportSchema,
    responses: { 200: productImportPreviewSchema, 400: csvImportRefusalSchema },
  }),
  applyImport: defineCall({
    method: 'post',
    path: '/admin/products/import',
    tag: 'admin',
    summary: 'Apply a previewed product file: every line or none',
    description:
      `${importDescription} If what the file changes is no longer what the preview showed ` +
      '(`fingerprint`), nothing is written and the answer is 409 `product_import/stale_preview`. ' +
      'Each product created or changed is audited with its changes.',
    body: applyProductImportSchema,
    responses: { 200: productImportResultSchema, 400: csvImportRefusalSchema },
  }),
  create: defineCall({
    method: 'post',
    path: '/admin/products',
    tag: 'admin',
    summary: 'Add a product to the catalogue',
    body: createProductSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  get: defineCall({
    method: 'get',
    path: '/admin/products/{id}',
    tag: 'admin',
    summary: 'One product for editing: its fields, variants with stock, region prices and version',
    params,
    responses: { 200: adminProductAnswerSchema },
  }),
  update: defineCall({
    method: 'patch',
    path: '/admin/products/{id}',
    tag: 'admin',
    summary:
      'Change a product (name, description, category, merchant, price, weight, enabled, options) from the version it was loaded at',
    params,
    body: updateProductSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  saveVariant: defineCall({
    method: 'put',
    path: '/admin/products/{id}/variants',
    tag: 'admin',
    summary: "Add a variant (one option of each kind) or change its price, from the product's version",
    params,
    body: saveVariantSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  saveVariantTable: defineCall({
    method: 'put',
    path: '/admin/products/{id}/variant_rows',
    tag: 'admin',
    summary:
      "Save every variant's price and stock at once, all or nothing: prices from the product's version, each stock from the count it was loaded at",
    params,
    body: saveVariantTableSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  removeVariant: defineCall({
    method: 'delete',
    path: '/admin/products/{id}/variants',
    tag: 'admin',
    summary: 'Remove a variant nobody has ordered; an ordered one is kept (set its stock to 0)',
    params,
    query: removeVariantQuerySchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  setStock: defineCall({
    method: 'put',
    path: '/admin/products/{id}/stock',
    tag: 'admin',
    summary: 'Set the stock of a product without variants, or of one variant, to an absolute count',
    params,
    body: setStockSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
  setRegionPrices: defineCall({
    method: 'put',
    path: '/admin/products/{id}/region_prices',
    tag: 'admin',
    summary: "Replace the product's own prices for regions, each in its region's currency",
    params,
    body: setRegionPricesSchema,
    responses: { 200: adminProductAnswerSchema },
  }),
};

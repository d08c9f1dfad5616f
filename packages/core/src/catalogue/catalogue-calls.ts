import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import {
  categoryNodeSchema,
  merchantSchema,
  productFlagsSchema,
  productSchema,
  productSearchQuerySchema,
  productSearchResultSchema,
  productSummarySchema,
  regionQuerySchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
} from './schemas.js';

/** The most merchants one page of the store's merchant list may ask for. */
const MERCHANT_MAX_LIMIT = 60;

/** Products, categories and merchants (store service, docs/rules/catalogue-and-regions.md). */
export const catalogueCalls = {
  search: defineCall({
    method: 'get',
    path: '/product/search',
    tag: 'product',
    summary: 'Search and browse products, with filters, sorting, paging and facet counts',
    description:
      'Full-text search over names, merchants, categories and descriptions; partial words match as ' +
      'prefixes and misspelt words are matched to the nearest words the catalogue knows (unless `asTyped`); ' +
      '`correctedQuery` then names the query the products were found for. Prices, price ' +
      'filters and price sorting are in the currency of `region` (default: the default region).',
    query: productSearchQuerySchema,
    responses: { 200: productSearchResultSchema },
  }),
  suggestions: defineCall({
    method: 'get',
    path: '/product/suggestions',
    tag: 'product',
    summary: 'Categories and products to suggest while a shopper types a search',
    description:
      'Matches as the search does (partial words as prefixes, misspelt words by the nearest known ' +
      'words), with few results and no prices, so answers are small and shared between shoppers. ' +
      'Fewer than two letters suggest nothing.',
    query: searchSuggestionsQuerySchema,
    responses: { 200: searchSuggestionsSchema },
  }),
  product: defineCall({
    method: 'get',
    path: '/product/one/{id}',
    tag: 'product',
    summary: 'One product by uuid or paramName; a disabled product answers with disabled: true',
    params: idParamsSchema,
    query: regionQuerySchema,
    responses: { 200: z.object({ product: productSchema }) },
  }),
  flags: defineCall({
    method: 'get',
    path: '/product/{id}/flags',
    tag: 'product',
    summary: "The signed-in shopper's flags for a product (all false for a visitor)",
    params: idParamsSchema,
    responses: { 200: productFlagsSchema },
  }),
  categories: defineCall({
    method: 'get',
    path: '/product/categories',
    tag: 'product',
    summary: 'The category tree; clients derive dotted paths and parents',
    responses: { 200: z.object({ categories: z.array(categoryNodeSchema) }) },
  }),
  recentlyViewed: defineCall({
    method: 'get',
    path: '/product/recently_viewed',
    tag: 'product',
    summary: "The signed-in shopper's recently viewed products, newest first",
    query: regionQuerySchema,
    responses: { 200: z.object({ products: z.array(productSummarySchema) }) },
  }),
  merchants: defineCall({
    method: 'get',
    path: '/merchant',
    tag: 'merchant',
    summary: 'Merchants by name, a page at a time',
    query: z.object({
      page: z.coerce.number().int().min(1).max(1000).default(1),
      limit: z.coerce.number().int().min(1).max(MERCHANT_MAX_LIMIT).default(MERCHANT_MAX_LIMIT),
    }),
    responses: {
      200: z.object({
        merchants: z.array(merchantSchema),
        total: z.int(),
        page: z.int(),
        limit: z.int(),
      }),
    },
  }),
  merchant: defineCall({
    method: 'get',
    path: '/merchant/{id}',
    tag: 'merchant',
    summary: 'One merchant',
    params: idParamsSchema,
    responses: { 200: z.object({ merchant: merchantSchema }) },
  }),
};

import { z } from 'zod';
import { regionQuerySchema } from '../catalogue/schemas.js';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import { QUOTATION_FILTERS } from './rules.js';
import {
  externalQuotationSchema,
  internalProductQuotationSchema,
  quotationItemAnswerSchema,
  quotationItemsAnswerSchema,
  quotationRequestSchema,
  updateQuotationItemSchema,
} from './schemas.js';

const pageQuery = regionQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(20),
});
const pagedItemsAnswer = quotationItemsAnswerSchema.extend({ total: z.int(), page: z.int(), limit: z.int() });

/**
 * The signed-in shopper's quotations (docs/rules/quotations.md); prices are for `region`. Asking for a
 * quote needs a verified email.
 */
export const quotationCalls = {
  request: defineCall({
    method: 'post',
    path: '/quotation/request',
    tag: 'quotation',
    summary: 'Ask the store to quote a product: on another site (from=r) or one of ours (from=l)',
    description:
      'Remote form: productUrl, productName, productQuantity, instructions, imageUrl (empty when there ' +
      'is no picture). The picture is copied into the store (the copy made when the page was read, ' +
      'when imageUrl is the picture read from it) and the item shows the copy; one that cannot be ' +
      'fetched or is not a JPEG, PNG or WebP leaves the item without a picture. Local form: productRef (id or paramName), variantPath, productQuantity. The item ' +
      'starts pending. A missing field answers general/missing_argument with its name.',
    query: regionQuerySchema,
    body: quotationRequestSchema,
    responses: { 201: quotationItemAnswerSchema },
  }),
  list: defineCall({
    method: 'get',
    path: '/quotation',
    tag: 'quotation',
    summary: 'Every quotation the shopper asked for, by where it stands, newest first',
    query: pageQuery.extend({ filter: z.enum(QUOTATION_FILTERS).default('all') }),
    responses: { 200: pagedItemsAnswer },
  }),
  items: defineCall({
    method: 'get',
    path: '/quotation_item',
    tag: 'quotation',
    summary: 'The quotation list: items not yet ordered, newest first, with their products',
    query: regionQuerySchema,
    responses: { 200: quotationItemsAnswerSchema },
  }),
  externalItems: defineCall({
    method: 'get',
    path: '/quotation_item/external',
    tag: 'quotation',
    summary: 'The quotation list, products on other sites only',
    query: regionQuerySchema,
    responses: { 200: quotationItemsAnswerSchema },
  }),
  item: defineCall({
    method: 'get',
    path: '/quotation_item/{id}',
    tag: 'quotation',
    summary: 'One quotation item, ordered or not',
    params: idParamsSchema,
    query: regionQuerySchema,
    responses: { 200: quotationItemAnswerSchema },
  }),
  moveFromCart: defineCall({
    method: 'post',
    path: '/quotation_item/internal',
    tag: 'quotation',
    summary: 'Move a cart line into the quotation list, in one transaction',
    query: regionQuerySchema,
    body: z.object({ cartItemId: z.string().min(1).max(200) }),
    responses: { 201: quotationItemAnswerSchema },
  }),
  requestInternal: defineCall({
    method: 'post',
    path: '/quotation_item/internal_product',
    tag: 'quotation',
    summary: 'Ask a quote for one of our products',
    query: regionQuerySchema,
    body: internalProductQuotationSchema,
    responses: { 201: quotationItemAnswerSchema },
  }),
  requestExternal: defineCall({
    method: 'post',
    path: '/quotation_item/external',
    tag: 'quotation',
    summary: 'Ask a quote for a product the store looked up by link (POST /product/searchExternal)',
    description: 'Give the looked-up product by `externalProductId` or by its `link`.',
    query: regionQuerySchema,
    body: externalQuotationSchema,
    responses: { 201: quotationItemAnswerSchema },
  }),
  update: defineCall({
    method: 'put',
    path: '/quotation_item/{id}',
    tag: 'quotation',
    summary: 'Change the quantity or the instructions of an item; no other field can be changed',
    description:
      'A quote holds for the request it answered. Changing the quantity or the instructions of a ' +
      'resolved or declined item sends it back to pending: its quoted price, expiry and decline reason ' +
      'are cleared, it cannot be checked out, and the store quotes it again. A pending item stays ' +
      'pending. A change that leaves both as they were changes nothing and keeps the quote. Every change ' +
      'is written to the audit log with the shopper as actor. An item already part of an order cannot ' +
      "be changed (409 quotation/ordered); another shopper's item answers 404 quotation/not_found.",
    params: idParamsSchema,
    query: regionQuerySchema,
    body: updateQuotationItemSchema,
    responses: { 200: quotationItemAnswerSchema },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/quotation_item/{id}',
    tag: 'quotation',
    summary: 'Remove an item from the quotation list',
    params: idParamsSchema,
    responses: { 204: null },
  }),
  requestAgain: defineCall({
    method: 'post',
    path: '/quotation_item/{id}/request_again',
    tag: 'quotation',
    summary: 'Ask again for a quote that expired or was declined: the item becomes pending again',
    params: idParamsSchema,
    query: regionQuerySchema,
    responses: { 200: quotationItemAnswerSchema },
  }),
  ordered: defineCall({
    method: 'get',
    path: '/quotation_order',
    tag: 'quotation',
    summary: 'Quotation items that became part of an order, newest first',
    query: pageQuery,
    responses: { 200: pagedItemsAnswer },
  }),
  orderedItem: defineCall({
    method: 'get',
    path: '/quotation_order/{id}',
    tag: 'quotation',
    summary: 'One quotation item that became part of an order',
    params: idParamsSchema,
    query: regionQuerySchema,
    responses: { 200: quotationItemAnswerSchema },
  }),
};

import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  checkoutSessionRequestSchema,
  checkoutSessionSchema,
  costEstimateSchema,
  createOrderSchema,
  estimateCostsQuerySchema,
  quotationCreateOrderSchema,
  quotationEstimateQuerySchema,
} from './checkout-schemas.js';
import { orderSchema } from './schemas.js';

const keyParams = z.object({ key: z.string().min(1).max(200) });
const orderAnswerSchema = z.object({ order: orderSchema });

/**
 * Checkout and quotation checkout (docs/rules/cart-and-checkout.md). Prices, currency and region are decided by the
 * server from its tables, never taken from the client: the client only names the region it shops in, which must be
 * enabled. Every call needs a signed-in shopper with a verified email.
 */
export const checkoutCalls = {
  startSession: defineCall({
    method: 'post',
    path: '/checkout/session',
    tag: 'checkout',
    summary: 'Start a checkout of chosen cart lines and quotation items',
    description:
      "Only the shopper's own lines that can be bought now are accepted; the first that cannot is refused " +
      'with its reason (a quote expired, pending or declined, a product off sale). The key is used by the ' +
      'estimate and by create_order, and expires. A shopper with as many unexpired, unordered sessions ' +
      'as the store allows is refused with checkout/too_many_sessions.',
    body: checkoutSessionRequestSchema,
    responses: { 201: checkoutSessionSchema },
  }),
  session: defineCall({
    method: 'get',
    path: '/checkout/session/{key}',
    tag: 'checkout',
    summary: 'A checkout session; with action=delete, discard it',
    description:
      "The store's original API makes the delete call a GET on the same path: `?action=delete` discards the session and " +
      'answers `{ deleted }`. DELETE on the path does the same.',
    params: keyParams,
    query: z.object({ action: z.enum(['delete']).optional() }),
    responses: { 200: z.union([checkoutSessionSchema, z.object({ deleted: z.boolean() })]) },
  }),
  discardSession: defineCall({
    method: 'delete',
    path: '/checkout/session/{key}',
    tag: 'checkout',
    summary: 'Discard a checkout session',
    params: keyParams,
    responses: { 204: null },
  }),
  estimateCosts: defineCall({
    method: 'get',
    path: '/checkout/estimate_costs',
    tag: 'checkout',
    summary: "What the checkout session's lines cost with these choices",
    description:
      'Subtotal, voucher discount, shipping to the chosen address, payment-method fee and tax, in the ' +
      "region's currency, each rounded once to its minor units; the total is their sum. A voucher that " +
      'does not apply, or an address the store does not deliver to, is reported with its reason. A ' +
      'voucher code counts against the limits on guessing codes; once they are full it is reported as ' +
      'voucher/too_many_attempts.',
    query: estimateCostsQuerySchema,
    responses: { 200: costEstimateSchema },
  }),
  estimateQuotationCosts: defineCall({
    method: 'get',
    path: '/quotation_checkout/estimate_costs',
    tag: 'checkout',
    summary: 'What resolved quotation items cost with these choices',
    query: quotationEstimateQuerySchema,
    responses: { 200: costEstimateSchema },
  }),
  createOrder: defineCall({
    method: 'post',
    path: '/checkout/create_order',
    tag: 'checkout',
    summary: "Place the order for a checkout session's lines",
    description:
      '201 with the new order; 200 with the same order when the session has already placed it, so a ' +
      'double click or a retried request makes one order. Stock is taken and the voucher redeemed in ' +
      'the same transaction; the lines leave the cart and the quotation list. Refused past the ' +
      "shopper's limits: unpaid orders, units of one item in them, orders an hour (store settings); " +
      'a voucher code counts against the limits on guessing codes (429 voucher/too_many_attempts).',
    body: createOrderSchema,
    responses: { 200: orderAnswerSchema, 201: orderAnswerSchema },
  }),
  createQuotationOrder: defineCall({
    method: 'post',
    path: '/quotation_checkout/create_order',
    tag: 'checkout',
    summary: 'Place the order for resolved quotation items',
    description:
      '201 with the new order; 200 with the same order when exactly these items were already ordered ' +
      'together, so a repeated submission makes one order.',
    body: quotationCreateOrderSchema,
    responses: { 200: orderAnswerSchema, 201: orderAnswerSchema },
  }),
};

import {
  checkoutSessionRequestSchema,
  checkoutSessionSchema,
  costEstimateSchema,
  createOrderSchema,
  estimateCostsQuerySchema,
  orderSchema,
  type PaymentMethod,
  quotationCreateOrderSchema,
  quotationEstimateQuerySchema,
} from '@crossbuy/core/order';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
import { linkOrigin } from '../../lib/link-origin.js';
import {
  accountOf,
  guardPrivateRoutes,
  principalOf,
  requireVerifiedEmail,
} from '../../plugins/authentication.js';
import { describePlacedOrder } from '../orders/orders.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { preferredRegionOfUser } from '../regions/regions.service.js';
import { countedVoucherCheck } from '../vouchers/voucher-limits.js';
import {
  type CheckoutSelection,
  createCheckoutSession,
  deleteCheckoutSession,
  loadCheckoutLines,
  ownCheckoutSession,
  priceCheckout,
  toCheckoutSession,
  toCostEstimate,
} from './checkout.service.js';
import { type OrderChoices, type OrderRules, placeOrder } from './place-order.js';

const keyParams = z.object({ key: z.string().min(1).max(200) });
const orderAnswerSchema = z.object({ order: orderSchema });

export type CheckoutRoutesOptions = {
  regions: RegionDirectory;
  rules: OrderRules & { sessionMinutes: number };
};

/**
 * Checkout and quotation checkout (docs/rules/cart-and-checkout.md). Prices, currency and region are decided here from the
 * tables, never taken from the client: the client only names the region it shops in, which must be enabled.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { regions, rules },
) => {
  guardPrivateRoutes(app, requireVerifiedEmail);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;
  /** Every look-up of a typed voucher code is a guess under the shopper's limits (docs/decisions/0058). */
  const voucherCheckOf = (request: FastifyRequest) =>
    countedVoucherCheck(app.rateLimiter, { userId: userOf(request), client: clientInfo(request) });
  const shopperOf = async (request: FastifyRequest) => {
    const { user } = await accountOf(request);
    return { id: user.id, email: user.email, firstName: user.firstName };
  };

  /** The region asked for, else the shopper's preferred one while it is on sale, else the default. */
  async function regionOf(request: FastifyRequest, asked: string | undefined): Promise<PricingRegion> {
    if (asked !== undefined) return regions.pricing(asked);
    const preferred = await preferredRegionOfUser(app.db, userOf(request));
    return regions.pricing(
      preferred !== null && (await regions.isEnabled(preferred)) ? preferred : undefined,
    );
  }

  async function estimate(
    request: FastifyRequest,
    selection: CheckoutSelection,
    query: {
      voucherCode?: string | undefined;
      paymentMethod?: PaymentMethod | undefined;
      shippingAddressId?: string | undefined;
      regionCountryCode?: string | undefined;
    },
  ) {
    const region = await regionOf(request, query.regionCountryCode);
    const lines = await loadCheckoutLines(app.db, userOf(request), selection, region);
    const priced = await priceCheckout(
      app.db,
      userOf(request),
      lines,
      query,
      region,
      rules,
      voucherCheckOf(request),
    );
    return toCostEstimate(region, lines, priced, query.voucherCode, rules);
  }

  /** Places the order and answers 201 with it, or 200 with the order an earlier submission placed. */
  async function placeAndAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    selection: Parameters<typeof placeOrder>[2],
    choices: OrderChoices,
    regionCountryCode: string | undefined,
  ) {
    const shopper = await shopperOf(request);
    const region = await regionOf(request, regionCountryCode);
    const place = () => placeOrder(app.db, shopper, selection, choices, region, rules, linkOrigin(request));
    // An order refused for its voucher code tells whether the code exists, as validate does.
    const placed = choices.voucherCode ? await voucherCheckOf(request)(place) : await place();
    return reply
      .status(placed.created ? 201 : 200)
      .send({ order: await describePlacedOrder(app.db, placed) });
  }

  app.post(
    '/checkout/session',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Start a checkout of chosen cart lines and quotation items',
        description:
          "Only the shopper's own lines that can be bought now are accepted; the first that cannot is refused " +
          'with its reason (a quote expired, pending or declined, a product off sale). The key is used by the ' +
          'estimate and by create_order, and expires. A shopper with as many unexpired, unordered sessions ' +
          'as the store allows is refused with checkout/too_many_sessions.',
        body: checkoutSessionRequestSchema,
        response: { 201: checkoutSessionSchema },
      },
    },
    async (request, reply) => {
      const region = await regionOf(request, undefined);
      const session = await createCheckoutSession(app.db, userOf(request), request.body, region, rules);
      return reply.status(201).send(toCheckoutSession(session));
    },
  );

  app.get(
    '/checkout/session/:key',
    {
      schema: {
        tags: ['checkout'],
        summary: 'A checkout session; with action=delete, discard it',
        description:
          "The store's original API makes the delete call a GET on the same path: `?action=delete` discards the session and " +
          'answers `{ deleted }`. DELETE on the path does the same.',
        params: keyParams,
        querystring: z.object({ action: z.enum(['delete']).optional() }),
        response: { 200: z.union([checkoutSessionSchema, z.object({ deleted: z.boolean() })]) },
      },
    },
    async (request) => {
      if (request.query.action === 'delete') {
        return { deleted: await deleteCheckoutSession(app.db, userOf(request), request.params.key) };
      }
      return toCheckoutSession(await ownCheckoutSession(app.db, userOf(request), request.params.key));
    },
  );

  app.delete(
    '/checkout/session/:key',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Discard a checkout session',
        params: keyParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCheckoutSession(app.db, userOf(request), request.params.key);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/checkout/estimate_costs',
    {
      schema: {
        tags: ['checkout'],
        summary: "What the checkout session's lines cost with these choices",
        description:
          'Subtotal, voucher discount, shipping to the chosen address, payment-method fee and tax, in the ' +
          "region's currency, each rounded once to its minor units; the total is their sum. A voucher that " +
          'does not apply, or an address the store does not deliver to, is reported with its reason. A ' +
          'voucher code counts against the limits on guessing codes; once they are full it is reported as ' +
          'voucher/too_many_attempts.',
        querystring: estimateCostsQuerySchema,
        response: { 200: costEstimateSchema },
      },
    },
    async (request) => {
      const session = await ownCheckoutSession(app.db, userOf(request), request.query.checkoutSessionKey);
      return estimate(request, session, request.query);
    },
  );

  app.get(
    '/quotation_checkout/estimate_costs',
    {
      schema: {
        tags: ['checkout'],
        summary: 'What resolved quotation items cost with these choices',
        querystring: quotationEstimateQuerySchema,
        response: { 200: costEstimateSchema },
      },
    },
    async (request) =>
      estimate(request, { cartItemIds: [], quotationItemIds: request.query.quotationIds }, request.query),
  );

  app.post(
    '/checkout/create_order',
    {
      schema: {
        tags: ['checkout'],
        summary: "Place the order for a checkout session's lines",
        description:
          '201 with the new order; 200 with the same order when the session has already placed it, so a ' +
          'double click or a retried request makes one order. Stock is taken and the voucher redeemed in ' +
          'the same transaction; the lines leave the cart and the quotation list. Refused past the ' +
          "shopper's limits: unpaid orders, units of one item in them, orders an hour (store settings); " +
          'a voucher code counts against the limits on guessing codes (429 voucher/too_many_attempts).',
        body: createOrderSchema,
        response: { 200: orderAnswerSchema, 201: orderAnswerSchema },
      },
    },
    async (request, reply) => {
      const { checkoutSessionKey, regionCountryCode, ...choices } = request.body;
      return placeAndAnswer(request, reply, { checkoutSessionKey }, choices, regionCountryCode);
    },
  );

  app.post(
    '/quotation_checkout/create_order',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place the order for resolved quotation items',
        description:
          '201 with the new order; 200 with the same order when exactly these items were already ordered ' +
          'together, so a repeated submission makes one order.',
        body: quotationCreateOrderSchema,
        response: { 200: orderAnswerSchema, 201: orderAnswerSchema },
      },
    },
    async (request, reply) => {
      const { quotationIds, regionCountryCode, ...choices } = request.body;
      return placeAndAnswer(request, reply, { quotationIds }, choices, regionCountryCode);
    },
  );
};

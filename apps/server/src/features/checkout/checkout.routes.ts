import { checkoutCalls, type PaymentMethod } from '@crossbuy/core/order';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info.js';
import { answerCall } from '../../lib/contract-routes.js';
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
import { type CheckoutSelection, loadCheckoutLines } from './checkout.service.js';
import { priceCheckout } from './checkout-pricing.js';
import {
  createCheckoutSession,
  deleteCheckoutSession,
  ownCheckoutSession,
  toCheckoutSession,
} from './checkout-sessions.js';
import { toCostEstimate } from './cost-estimate.js';
import { type OrderChoices, type OrderRules, placeOrder } from './place-order.js';

export type CheckoutRoutesOptions = {
  regions: RegionDirectory;
  rules: OrderRules & { sessionMinutes: number };
};

/**
 * Checkout and quotation checkout: the calls of `checkoutCalls`. Prices, currency and region are decided here from the
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

  answerCall(app, checkoutCalls.startSession, async (request, reply) => {
    const region = await regionOf(request, undefined);
    const session = await createCheckoutSession(app.db, userOf(request), request.body, region, rules);
    return reply.status(201).send(toCheckoutSession(session));
  });

  answerCall(app, checkoutCalls.session, async (request) => {
    if (request.query.action === 'delete') {
      return { deleted: await deleteCheckoutSession(app.db, userOf(request), request.params.key) };
    }
    return toCheckoutSession(await ownCheckoutSession(app.db, userOf(request), request.params.key));
  });

  answerCall(app, checkoutCalls.discardSession, async (request, reply) => {
    await deleteCheckoutSession(app.db, userOf(request), request.params.key);
    return reply.status(204).send(null);
  });

  answerCall(app, checkoutCalls.estimateCosts, async (request) => {
    const session = await ownCheckoutSession(app.db, userOf(request), request.query.checkoutSessionKey);
    return estimate(request, session, request.query);
  });

  answerCall(app, checkoutCalls.estimateQuotationCosts, async (request) =>
    estimate(request, { cartItemIds: [], quotationItemIds: request.query.quotationIds }, request.query),
  );

  answerCall(app, checkoutCalls.createOrder, async (request, reply) => {
    const { checkoutSessionKey, regionCountryCode, ...choices } = request.body;
    return placeAndAnswer(request, reply, { checkoutSessionKey }, choices, regionCountryCode);
  });

  answerCall(app, checkoutCalls.createQuotationOrder, async (request, reply) => {
    const { quotationIds, regionCountryCode, ...choices } = request.body;
    return placeAndAnswer(request, reply, { quotationIds }, choices, regionCountryCode);
  });
};

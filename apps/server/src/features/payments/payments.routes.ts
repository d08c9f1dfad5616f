import { AppError } from '@crossbuy/core/errors';
import { orderCalls, paymentCalls } from '@crossbuy/core/order';
import { OK } from '@crossbuy/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import {
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireTfaPassed,
  requireVerifiedEmail,
} from '../../plugins/authentication.js';
import { payByCard, removeSavedCard, savedCards } from './card-payments.service.js';
import type { PaymentContext } from './payable-order.js';
import { payByTestCard, paymentInfo } from './payments.service.js';
import { confirmPaynow, markPaynowPaid } from './paynow.service.js';
import { handleProviderEvent } from './provider-events.js';
import { cancelOwnOrder } from './unpaid-orders.js';

type ContextOptions = { context: PaymentContext };

const shopperPaymentRoutes: FastifyPluginAsyncZod<ContextOptions> = async (app, { context }) => {
  guardPrivateRoutes(app);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;

  answerCall(app, paymentCalls.payByCard, async (request) =>
    payByCard(context, userOf(request), request.body),
  );

  answerCall(app, paymentCalls.payByTestCard, async (request) =>
    payByTestCard(context, userOf(request), request.body),
  );

  answerCall(
    app,
    paymentCalls.savedCards,
    async (request) => ({ paymentMethods: await savedCards(context, userOf(request)) }),
    { preHandler: requireTfaPassed },
  );

  answerCall(
    app,
    paymentCalls.removeSavedCard,
    async (request) => {
      await removeSavedCard(context, userOf(request), request.params.id);
      return OK;
    },
    { preHandler: requireTfaPassed },
  );

  answerCall(app, paymentCalls.paymentInfo, async (request) =>
    paymentInfo(context, userOf(request), request.params.id),
  );

  answerCall(app, paymentCalls.markPaynowPaid, async (request) => ({
    markedPaidAt: (await markPaynowPaid(context.db, userOf(request), request.params.id)).toISOString(),
  }));
};

/**
 * The card provider's webhook. Its signature is computed over the exact bytes sent, so this scope reads
 * JSON bodies as raw bytes; the provider's server sends no anti-forgery token, and the signature stands
 * in for one.
 */
const providerWebhookRoutes: FastifyPluginAsyncZod<ContextOptions> = async (app, { context }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  answerCall(
    app,
    paymentCalls.providerEvent,
    async (request) => {
      const { gateway } = context;
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      // Without provider keys there is no secret to check a signature against, so nothing is accepted.
      if (!gateway) throw new AppError('payment/invalid_signature');
      const event = gateway.verifiedEvent(rawBody, typeof signature === 'string' ? signature : undefined);
      await handleProviderEvent(context.db, event);
      return { received: true as const };
    },
    { config: { xsrf: false } },
  );
};

/** The shopper cancels their unpaid order: a card payment in flight is stopped at the provider first. */
const unpaidOrderRoutes: FastifyPluginAsyncZod<ContextOptions> = async (app, { context }) => {
  guardPrivateRoutes(app, requireVerifiedEmail);

  answerCall(app, orderCalls.cancel, async (request) => ({
    order: await cancelOwnOrder(
      context,
      principalOf(request).userId,
      request.params.id,
      request.body?.reason ?? '',
    ),
  }));
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: PaymentContext = { db: app.db, gateway: app.cardGateway, config: app.config };
  await app.register(shopperPaymentRoutes, { context });
  await app.register(unpaidOrderRoutes, { context });
  await app.register(providerWebhookRoutes, { context });
};

/** Back-office: an operator confirms a PayNow transfer arrived. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, paymentCalls.confirmPaynow, async (request) => {
    await confirmPaynow(app.db, principalOf(request).userId, request.params.id);
    return OK;
  });
};

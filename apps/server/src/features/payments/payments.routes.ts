import { AppError } from '@crossbuy/core/errors';
import {
  cardPaySchema,
  paymentInfoSchema,
  payResultSchema,
  savedCardsSchema,
  testCardPaySchema,
} from '@crossbuy/core/order';
import { OK, okSchema } from '@crossbuy/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireTfaPassed,
} from '../../plugins/authentication.js';
import {
  confirmPaynow,
  handleProviderEvent,
  markPaynowPaid,
  type PaymentContext,
  payByCard,
  payByTestCard,
  paymentInfo,
  removeSavedCard,
  savedCards,
} from './payments.service.js';

const orderParams = z.object({ id: z.string().max(200) });
const cardParams = z.object({ id: z.string().max(200) });

type ContextOptions = { context: PaymentContext };

const shopperPaymentRoutes: FastifyPluginAsyncZod<ContextOptions> = async (app, { context }) => {
  guardPrivateRoutes(app);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;

  app.post(
    '/payment/stripe/card/pay',
    {
      schema: {
        tags: ['payment'],
        summary: 'Pay an order by card: the card as the provider knows it, never its number',
        description:
          'paymentMethodId is the id the card provider gave the browser for the card (or a saved card). ' +
          'The amount is the order total. requires_action: finish with the bank through the provider script ' +
          'using clientSecret; the order becomes paid when the provider reports it. refunding: the order was ' +
          'closed (cancelled, expired) while the card was charged, so the money is refunded to the card; the ' +
          'order is not paid. succeeded is answered only when the order ended paid.',
        body: cardPaySchema,
        response: { 200: payResultSchema },
      },
    },
    async (request) => payByCard(context, userOf(request), request.body),
  );

  app.post(
    '/payment/test_card/pay',
    {
      schema: {
        tags: ['payment'],
        summary:
          'Development only: pay with the test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
        description: 'Exists while the store has no card provider keys, never in production. No money moves.',
        body: testCardPaySchema,
        response: { 200: payResultSchema },
      },
    },
    async (request) => payByTestCard(context, userOf(request), request.body),
  );

  app.get(
    '/payment/stripe/card/payment_methods',
    {
      preHandler: requireTfaPassed,
      schema: {
        tags: ['payment'],
        summary: 'The shopper’s saved cards (two-factor authentication passed required)',
        response: { 200: savedCardsSchema },
      },
    },
    async (request) => ({ paymentMethods: await savedCards(context, userOf(request)) }),
  );

  app.delete(
    '/payment/stripe/card/payment_methods/:id',
    {
      preHandler: requireTfaPassed,
      schema: {
        tags: ['payment'],
        summary: 'Forget a saved card (two-factor authentication passed required)',
        params: cardParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeSavedCard(context, userOf(request), request.params.id);
      return OK;
    },
  );

  app.post(
    '/order/:id/payment_info',
    {
      schema: {
        tags: ['order'],
        summary: 'How to pay the order: its amount, and the PayNow QR or what the card form needs',
        params: orderParams,
        response: { 200: paymentInfoSchema },
      },
    },
    async (request) => paymentInfo(context, userOf(request), request.params.id),
  );

  app.post(
    '/order/:id/paynow_paid',
    {
      schema: {
        tags: ['order'],
        summary: 'The shopper has sent the PayNow transfer; the store checks it and confirms the order paid',
        params: orderParams,
        response: { 200: z.object({ markedPaidAt: z.string() }) },
      },
    },
    async (request) => ({
      markedPaidAt: (await markPaynowPaid(context.db, userOf(request), request.params.id)).toISOString(),
    }),
  );
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

  app.post(
    '/payment/stripe/webhook',
    {
      config: { xsrf: false },
      schema: {
        tags: ['payment'],
        summary: 'Card provider events (signed); each event is processed once',
        description:
          'An event whose object lacks what the store reads (an intent without a currency, say) answers 400 ' +
          'payment/invalid_event and records nothing.',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
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
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: PaymentContext = { db: app.db, gateway: app.cardGateway, config: app.config };
  await app.register(shopperPaymentRoutes, { context });
  await app.register(providerWebhookRoutes, { context });
};

/** Back-office: an operator confirms a PayNow transfer arrived. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.post(
    '/orders/:id/confirm_paynow',
    {
      schema: {
        tags: ['admin'],
        summary: 'The PayNow transfer for the order has arrived: mark it paid',
        params: orderParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await confirmPaynow(app.db, principalOf(request).userId, request.params.id);
      return OK;
    },
  );
};

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * The card provider on 127.0.0.1, answering the few REST calls this store makes (customers, payment
 * intents, payment methods, refunds) with the provider's JSON shapes and error envelopes, and making the
 * webhook events it would send, signed with the webhook secret. Idempotency keys are honoured as the
 * provider does: a repeated key answers the first answer again.
 *
 * Cards are the provider's own test payment methods: `pm_card_visa` pays, `pm_card_chargeDeclined` is
 * declined (402), `pm_card_threeDSecure2Required` needs the shopper's bank (requires_action). An intent
 * not yet succeeded can be cancelled; the bank's check of a cancelled intent can no longer complete.
 */
export type StripeStandIn = {
  apiBase: string;
  secretKey: string;
  /** The provider's SDK pointed at the stand-in, to do what a shopper's browser or the provider would. */
  sdk: Stripe;
  webhookSecret: string;
  /** How many payment intents and customers were made, and every call by method and path. */
  created: { intents: number; customers: number; refunds: number };
  calls: string[];
  /** Events in the order the provider raised them. */
  events: Stripe.Event[];
  /** The environment that points the store's card provider calls and webhook at this stand-in. */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  /** The body and headers a webhook delivery of `event` has; `secret` signs it wrongly when given. */
  delivery(event: Stripe.Event, secret?: string): { payload: string; headers: Record<string, string> };
  /** The shopper passed their bank's check: the intent succeeds and its event is raised. */
  completeAuthentication(intentId: string): Stripe.Event;
  /** A card already saved to `customerId`. */
  saveCard(customerId: string, last4?: string): string;
  intent(id: string): Stripe.PaymentIntent | undefined;
  /** What the provider took and gave back for an order's intents, in minor units. */
  moneyOf(orderId: string): { takenMinor: number; refundedMinor: number };
  /** Answer every call with 503, as during an outage. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

type Card = { id: string; brand: string; last4: string; outcome: 'paid' | 'declined' | 'authenticate' };

const TEST_CARDS: Record<string, Omit<Card, 'id'>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'paid' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authenticate' },
};

const API_VERSION = '2026-10-28.endive';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Form fields as the SDK encodes them (`metadata[orderId]=...`), with nested keys kept flat. */
function formFields(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body));
}

function metadataOf(fields: Map<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of fields) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new ApiFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Stripe.Customer>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const created = { intents: 0, customers: 0, refunds: 0 };
  const calls: string[] = [];
  const events: Stripe.Event[] = [];
  let down = false;
  const now = () => Math.floor(Date.now() / 1000);

  const raise = (
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled',
    intent: Stripe.PaymentIntent,
  ) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(intent) },
    } as unknown as Stripe.Event;
    events.push(event);
    return event;
  };

  // As with the provider, each use of a test card's name is a new card of that kind.
  const paymentMethod = (id: string): Stripe.PaymentMethod => {
    const card = TEST_CARDS[id];
    if (card) return addPaymentMethod(newId('pm'), card.brand, card.last4, null);
    const known = paymentMethods.get(id);
    if (!known) throw missing('PaymentMethod', id, 'payment_method');
    return known;
  };

  const addPaymentMethod = (id: string, brand: string, last4: string, customer: string | null) => {
    const method = {
      id,
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand, last4, exp_month: 12, exp_year: 2034, country: 'SG', funding: 'credit' },
    } as unknown as Stripe.PaymentMethod;
    paymentMethods.set(id, method);
    return method;
  };

  const outcomeOf = (method: Stripe.PaymentMethod): Card['outcome'] =>
    Object.entries(TEST_CARDS).find(([, card]) => card.last4 === method.card?.last4)?.[1].outcome ?? 'paid';

  const intentOr404 = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  };

  const succeed = (intent: Stripe.PaymentIntent) => {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: newId('ch'),
      next_action: null,
      last_payment_error: null,
    });
    return raise('payment_intent.succeeded', intent);
  };

  function handle(method: string, path: string, fields: Map<string, string>, query: URLSearchParams) {
    const parts = path.split('/').filter(Boolean);
    if (method === 'POST' && path === '/v1/customers') {
      created.customers += 1;
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        livemode: false,
        metadata: metadataOf(fields),
      } as unknown as Stripe.Customer;
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = fields.get('customer') ?? null;
      if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
      created.intents += 1;
      const id = newId('pi');
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(fields.get('amount')),
        amount_received: 0,
        currency: fields.get('currency'),
        customer,
        description: fields.get('description') ?? null,
        metadata: metadataOf(fields),
        payment_method: null,
        payment_method_types: ['card'],
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        created: now(),
        livemode: false,
        last_payment_error: null,
        latest_charge: null,
        next_action: null,
        setup_future_usage: null,
      } as unknown as Stripe.PaymentIntent;
      intents.set(id, intent);
      return intent;
    }
    if (parts[1] === 'payment_intents' && parts[2]) {
      const intent = intentOr404(parts[2]);
      if (method === 'GET' && parts.length === 3) return intent;
      if (method === 'POST' && parts[3] === 'cancel') {
        // As with the provider: an intent that took money, or was stopped already, cannot be stopped.
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw new ApiFailure(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            payment_intent: intent,
          });
        }
        Object.assign(intent, { status: 'canceled', next_action: null, canceled_at: now() });
        raise('payment_intent.canceled', intent);
        return intent;
      }
      if (method === 'POST' && parts[3] === 'confirm') {
        if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
          throw new ApiFailure(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
            payment_intent: intent,
          });
        }
        const card = paymentMethod(fields.get('payment_method') ?? '');
        if (card.customer && card.customer !== intent.customer) {
          throw new ApiFailure(400, {
            type: 'invalid_request_error',
            param: 'payment_method',
            message: 'The provided PaymentMethod belongs to a different Customer.',
          });
        }
        intent.payment_method = card.id;
        const outcome = outcomeOf(card);
        if (outcome === 'declined') {
          const error = {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          };
          Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
          raise('payment_intent.payment_failed', intent);
          throw new ApiFailure(402, { ...error, payment_intent: intent });
        }
        if (fields.get('setup_future_usage') && intent.customer) card.customer = intent.customer as string;
        if (outcome === 'authenticate') {
          Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
        } else {
          succeed(intent);
        }
        return intent;
      }
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const customer = query.get('customer');
      const data = [...paymentMethods.values()].filter((card) => card.customer === customer);
      return { object: 'list', url: '/v1/payment_methods', has_more: false, data };
    }
    if (parts[1] === 'payment_methods' && parts[2]) {
      const card = paymentMethod(parts[2]);
      if (method === 'GET' && parts.length === 3) return card;
      if (method === 'POST' && parts[3] === 'detach') {
        card.customer = null;
        return card;
      }
      if (method === 'POST' && parts[3] === 'attach') {
        card.customer = fields.get('customer') ?? null;
        return card;
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intentOr404(fields.get('payment_intent') ?? '');
      const amount = Number(fields.get('amount') ?? intent.amount_received);
      const refunded = Number(intent.metadata.standInRefunded ?? 0);
      if (intent.status !== 'succeeded' || amount + refunded > intent.amount_received) {
        throw new ApiFailure(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: 'Refund amount is greater than the unrefunded amount on the charge.',
        });
      }
      intent.metadata.standInRefunded = String(amount + refunded);
      created.refunds += 1;
      return {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: now(),
      };
    }
    throw new ApiFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (down)
        return answer(response, 503, { error: { type: 'api_error', message: 'Service unavailable' } });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const key = request.headers['idempotency-key'];
      const remembered =
        typeof key === 'string' ? idempotent.get(`${method} ${url.pathname} ${key}`) : undefined;
      if (remembered) return answer(response, remembered.status, remembered.body);
      let status = 200;
      let body: unknown;
      try {
        body = handle(method, url.pathname, formFields(Buffer.concat(chunks).toString()), url.searchParams);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        status = error.status;
        body = { error: error.error };
      }
      // Answers are kept by key as they were, as the provider replays them.
      const snapshot = structuredClone(body);
      if (typeof key === 'string')
        idempotent.set(`${method} ${url.pathname} ${key}`, { status, body: snapshot });
      answer(response, status, snapshot);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    sdk: new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', telemetry: false }),
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    webhookSecret,
    created,
    calls,
    events,
    delivery(event, secret = webhookSecret) {
      const payload = JSON.stringify(event);
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
      };
    },
    completeAuthentication(intentId) {
      const intent = intentOr404(intentId);
      if (intent.status !== 'requires_action') throw new Error(`${intentId} is ${intent.status}`);
      return succeed(intent);
    },
    saveCard(customerId, last4 = '4242') {
      return addPaymentMethod(newId('pm'), 'visa', last4, customerId).id;
    },
    intent: (id) => intents.get(id),
    moneyOf(orderId) {
      let takenMinor = 0;
      let refundedMinor = 0;
      for (const intent of intents.values()) {
        if (intent.metadata.orderId !== orderId) continue;
        takenMinor += intent.amount_received;
        refundedMinor += Number(intent.metadata.standInRefunded ?? 0);
      }
      return { takenMinor, refundedMinor };
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

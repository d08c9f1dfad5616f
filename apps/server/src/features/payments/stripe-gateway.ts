import { AppError } from '@crossbuy/core/errors';
import { CURRENCIES, type Money } from '@crossbuy/core/money';
import type { SavedCard } from '@crossbuy/core/order';
import Stripe from 'stripe';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';

export type CardIntent = {
  id: string;
  status: Stripe.PaymentIntent.Status;
  clientSecret: string | null;
  amount: Money;
  /** The order it pays, as written into the intent when it was made. */
  orderId: string | undefined;
  failureMessage: string | null;
};

/** A refund as the provider tells of it: `pending` until the card's bank has it. */
export type CardRefund = {
  /** The provider's id of the refund; null when it refused to make one. */
  id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** The store's refund it carries out, as written into it when it was asked. */
  refundId: string | undefined;
  failureMessage: string | null;
};

/** What money calls need: the database, and the card provider when the store has its keys. */
export type CardProviderContext = { db: Database; gateway: StripeGateway | undefined };

/** A provider event as this store reads it: its id (each is handled once), its type and its object. */
export type ProviderEvent = { id: string; type: string; object: unknown };

export type CardConfirmation =
  | { outcome: 'confirmed'; intent: CardIntent }
  | { outcome: 'declined'; message: string };

/**
 * The card provider's calls this store makes, over the official SDK. Card details never reach this server:
 * the browser hands them to the provider and sends us only the provider's id of the card.
 */
export class StripeGateway {
  readonly #stripe: Stripe;
  readonly #webhookSecret: string | undefined;

  constructor(
    secretKey: string,
    options: { webhookSecret?: string | undefined; apiBase?: string | undefined },
  ) {
    this.#stripe = new Stripe(secretKey, {
      ...(options.apiBase && apiHost(options.apiBase)),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    this.#webhookSecret = options.webhookSecret;
  }

  /**
   * The provider's customer for a shopper. The idempotency key makes parallel first calls agree on one
   * customer for up to a day, the time the caller has to store it.
   */
  async createCustomer(userId: string): Promise<string> {
    const customer = await this.#call(() =>
      this.#stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer:${userId}` }),
    );
    return customer.id;
  }

  /**
   * The intent that pays an order: one per order and `attempt`, however often or in parallel this is
   * called. `attempt` counts the order's intents stopped before, each of which the provider would otherwise
   * answer again under the same key.
   */
  async createOrderIntent(order: {
    id: string;
    orderRef: string;
    amount: Money;
    customerId: string;
    attempt: number;
  }): Promise<CardIntent> {
    const intent = await this.#call(() =>
      this.#stripe.paymentIntents.create(
        {
          amount: order.amount.amountMinor,
          currency: order.amount.currency.toLowerCase(),
          customer: order.customerId,
          allowed_payment_method_types: ['card'],
          description: `Order ${order.orderRef}`,
          metadata: { orderId: order.id, orderRef: order.orderRef },
        },
        { idempotencyKey: `order-intent:${order.id}${order.attempt > 0 ? `:${order.attempt}` : ''}` },
      ),
    );
    return cardIntentOf(intent);
  }

  /**
   * Confirms an intent with a card. A card the bank declines is an answer, not a failure; an intent that
   * already moved on (another tab paid it) is read back as it is.
   */
  async confirmIntent(
    intentId: string,
    paymentMethodId: string,
    saveCard: boolean,
  ): Promise<CardConfirmation> {
    try {
      const intent = await this.#stripe.paymentIntents.confirm(intentId, {
        payment_method: paymentMethodId,
        ...(saveCard && { setup_future_usage: 'off_session' as const }),
      });
      return { outcome: 'confirmed', intent: cardIntentOf(intent) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { outcome: 'declined', message: error.message };
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        if (error.code === 'payment_intent_unexpected_state') {
          return { outcome: 'confirmed', intent: await this.retrieveIntent(intentId) };
        }
        if (error.param === 'payment_method') throw new AppError('payment/invalid_payment_method');
      }
      throw providerError(error);
    }
  }

  /**
   * Stops an intent so it can take no money: a shopper still at their bank's check (3-D Secure) can no
   * longer complete it. An intent that already moved on (it succeeded, or was stopped before) is read back
   * as it is, for the caller to settle.
   */
  async cancelIntent(intentId: string): Promise<CardIntent> {
    try {
      return cardIntentOf(await this.#stripe.paymentIntents.cancel(intentId));
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return this.retrieveIntent(intentId);
      }
      throw providerError(error);
    }
  }

  async retrieveIntent(intentId: string): Promise<CardIntent> {
    return cardIntentOf(await this.#call(() => this.#stripe.paymentIntents.retrieve(intentId)));
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    const page = await this.#call(() =>
      this.#stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 }),
    );
    return page.data.flatMap((method) =>
      method.card
        ? [
            {
              id: method.id,
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
            },
          ]
        : [],
    );
  }

  /** The customer a card is saved to, or undefined for a card that is unknown or saved to nobody. */
  async cardOwner(paymentMethodId: string): Promise<string | undefined> {
    try {
      const method = await this.#stripe.paymentMethods.retrieve(paymentMethodId);
      return typeof method.customer === 'string' ? method.customer : method.customer?.id;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return undefined;
      throw providerError(error);
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.#call(() => this.#stripe.paymentMethods.detach(paymentMethodId));
  }

  /**
   * Gives back `amountMinor` of what an intent took (the back office's refunds). The idempotency key is the
   * store's refund: asking again for the same refund answers the first refund, never a second one. A
   * refusal (the provider read the request and said no) is an answer; a failure that leaves unknown whether
   * the provider made the refund (no answer, its own error) is thrown.
   */
  async refund(
    intentId: string,
    amountMinor: number,
    idempotencyKey: string,
    metadata: { orderId: string; refundId: string },
  ): Promise<CardRefund> {
    try {
      const refund = await this.#stripe.refunds.create(
        { payment_intent: intentId, amount: amountMinor, metadata },
        { idempotencyKey },
      );
      return cardRefundOf(refund);
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError ||
        error instanceof Stripe.errors.StripePermissionError
      ) {
        return {
          id: null,
          status: 'failed',
          refundId: metadata.refundId,
          failureMessage: `The card provider refused the refund: ${error.message}`,
        };
      }
      throw providerError(error);
    }
  }

  /**
   * The event a webhook delivery carries, once its signature proves the provider sent it. Its object is
   * read by what the event's type says it holds (cardIntentOf, cardRefundOf), which refuse one that is not
   * whole.
   */
  verifiedEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.#webhookSecret || !signature) throw new AppError('payment/invalid_signature');
    let event: unknown;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch {
      throw new AppError('payment/invalid_signature');
    }
    const { id, type, data } = parsedObject(eventEnvelopeSchema, event);
    return { id, type, object: data.object };
  }

  async #call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw providerError(error);
    }
  }
}

/** The gateway for this configuration, or undefined when the store has no card provider keys. */
export function stripeGatewayFor(config: AppConfig): StripeGateway | undefined {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  return secretKey ? new StripeGateway(secretKey, { webhookSecret, apiBase }) : undefined;
}

function apiHost(apiBase: string): { host: string; port: string; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
}

/**
 * The fields of a provider object this store reads. A signed event proves who sent it, not that it is
 * whole: an object missing what we read is refused (400), never half-read.
 */
const intentObjectSchema = z.object({
  id: z.string().min(1),
  status: z.enum([
    'canceled',
    'processing',
    'requires_action',
    'requires_capture',
    'requires_confirmation',
    'requires_payment_method',
    'succeeded',
  ]),
  client_secret: z.string().nullish(),
  amount: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: z
    .string()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(CURRENCIES)),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

const eventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.unknown() }),
});

const refundObjectSchema = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  failure_reason: z.string().nullish(),
});

function parsedObject<T>(schema: z.ZodType<T>, object: unknown): T {
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw new AppError('payment/invalid_event');
  return parsed.data;
}

export function cardIntentOf(object: unknown): CardIntent {
  const intent = parsedObject(intentObjectSchema, object);
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.client_secret ?? null,
    amount: { amountMinor: intent.amount, currency: intent.currency },
    orderId: intent.metadata?.orderId,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

export function cardRefundOf(object: unknown): CardRefund {
  const refund = parsedObject(refundObjectSchema, object);
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    id: refund.id,
    status,
    refundId: refund.metadata?.refundId,
    failureMessage:
      status === 'failed'
        ? `The card provider refused the refund (${refund.failure_reason ?? refund.status})`
        : null,
  };
}

function providerError(error: unknown): AppError {
  return new AppError('payment/provider_error', [], undefined, { cause: error });
}

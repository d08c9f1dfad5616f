import { sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { payments } from '../orders/order-ledger.table.js';
import { recordCardFailure, settleCardIntent } from './payment-receipts.js';
import { paymentProviderEvents } from './payments.table.js';
import { settleCardRefund } from './refund-ledger.js';
import { cardIntentOf, cardRefundOf, type ProviderEvent } from './stripe-gateway.js';

// The card provider's events (its webhook), each processed once.

/** Records a provider event's id, answering its row only the first time the event arrives. */
const recordProviderEvent = builtOnce('payments_provider_event', (db) =>
  db
    .insert(paymentProviderEvents)
    .values({ eventId: sql.placeholder('eventId'), type: sql.placeholder('type') })
    .onConflictDoNothing()
    .returning({ eventId: paymentProviderEvents.eventId }),
);

/**
 * Records the event of a card payment recorded as succeeded already, in one statement, answering its row
 * when it did. A success is final (no later report moves a succeeded payment), and the machine decides a
 * success reported twice is a duplicate whatever the order's state, so the event has nothing to do and
 * needs neither a transaction nor the order's lock. The pay call's answer usually records the payment
 * before the provider's event of it arrives.
 */
const recordEventOfSucceededPayment = builtOnce<
  { eventId: string; type: string; paymentRef: string },
  { event_id: string }
>(
  'payments_event_of_succeeded_payment',
  () => sql`INSERT INTO ${paymentProviderEvents} (event_id, type)
            SELECT ${sql.placeholder('eventId')}::text, ${sql.placeholder('type')}::text
             WHERE EXISTS (SELECT 1 FROM ${payments}
                            WHERE provider_ref = ${sql.placeholder('paymentRef')}::text AND status = 'succeeded')
            ON CONFLICT DO NOTHING
            RETURNING event_id`,
);

/**
 * A card provider event, processed once: its id is recorded in the same transaction as its effect, so a
 * delivery repeated (the provider retries until it hears 2xx), in parallel or later, changes nothing. An
 * object that is not whole is refused before anything is recorded.
 */
export async function handleProviderEvent(db: Database, event: ProviderEvent): Promise<void> {
  const { effect, succeededPaymentRef } = providerEventEffect(event);
  if (succeededPaymentRef) {
    const values = { eventId: event.id, type: event.type, paymentRef: succeededPaymentRef };
    if ((await recordEventOfSucceededPayment(db, values)).length > 0) return;
  }
  await db.transaction(async (tx) => {
    const [fresh] = await recordProviderEvent(tx, { eventId: event.id, type: event.type });
    if (fresh) await effect?.(tx);
  });
}

/**
 * What an event of a type this store reads does, read from its object before anything is written; and for
 * the report of a card payment that succeeded, the payment's reference, which makes the event a duplicate
 * once the payment is recorded as succeeded.
 */
function providerEventEffect(event: ProviderEvent): {
  effect?: (tx: Database) => Promise<void>;
  succeededPaymentRef?: string;
} {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled': {
      const intent = cardIntentOf(event.object);
      return {
        effect: async (tx) => {
          await settleCardIntent(tx, intent);
        },
        ...(intent.status === 'succeeded' && { succeededPaymentRef: intent.id }),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = cardIntentOf(event.object);
      return { effect: (tx) => recordCardFailure(tx, intent) };
    }
    case 'refund.updated':
    case 'refund.failed': {
      // A refund the provider answered later than the call that asked for it (the bank took its time,
      // or this server stopped before it heard the answer).
      const refund = cardRefundOf(event.object);
      const refundId = refund.refundId;
      if (!refundId || !isUuid(refundId)) return {};
      return {
        effect: async (tx) => {
          await settleCardRefund(tx, refundId, { ...refund, providerRef: refund.id });
        },
      };
    }
    default:
      return {};
  }
}

import type { ErrorCode } from '../errors/index.js';
import { type CurrencyCode, formatMoney, type Money } from '../money/index.js';
import { type DisputeOutcome, refundRefusal } from './refunds.js';
import {
  DISPUTABLE_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RECEIPT_CONFIRMABLE_STATUSES,
} from './rules.js';
import type { StoreOrderMove } from './schemas.js';

// The one state machine of an order and its money (docs/decisions/0056). Every path that moves an order or
// records money asks `decideOrder` under the order's row lock and does what it answers: paying by card or
// test card, the provider's events, PayNow marked and confirmed, cancelling by the shopper or the store,
// expiry, refunds, moving the order on, receipt and disputes. The server keeps no rule of its own about
// which of these may happen when.

/** What the order's payments and refunds add up to, in minor units of the order's currency. */
export type OrderLedger = {
  /** Every payment that succeeded: the money the store has received for the order. */
  receivedMinor: number;
  /** Refunds made. */
  refundedMinor: number;
  /** Refunds asked of the card provider and not yet answered: their amount is held. */
  refundingMinor: number;
  /** A card refund is waiting for the provider; the next refund waits for its answer. */
  cardRefundPending: boolean;
};

export const EMPTY_LEDGER: OrderLedger = {
  receivedMinor: 0,
  refundedMinor: 0,
  refundingMinor: 0,
  cardRefundPending: false,
};

/** What the machine reads of an order, as it is under the order's row lock. */
export type OrderSnapshot = {
  status: OrderStatus;
  method: PaymentMethod;
  totalMinor: number;
  currency: CurrencyCode;
  paymentDueAt: Date;
  /** The shopper said they sent the PayNow transfer: money may be on its way. */
  paynowMarked: boolean;
  /**
   * The latest activity of a card payment the provider may still complete (an intent made for the order and
   * neither succeeded, failed for good nor cancelled), or null when there is none.
   */
  cardAttemptActiveAt: Date | null;
  ledger: OrderLedger;
};

/** Who asks: the shopper, an operator, the card provider (its events) or the store's own schedule. */
export type OrderActor = 'shopper' | 'store' | 'system' | 'provider';

export type OrderCommand =
  /** A card or test-card payment begins: the shopper asks to pay. */
  | { kind: 'start_payment'; method: PaymentMethod }
  /** Money arrived: the provider's answer or event, the test card, or an operator confirming PayNow. */
  | { kind: 'receive_payment'; amount: Money; alreadyRecorded: boolean }
  | { kind: 'mark_paynow_sent' }
  /** An operator saw the PayNow transfer arrive. */
  | { kind: 'confirm_paynow' }
  | { kind: 'cancel'; by: 'shopper' | 'store' }
  | { kind: 'expire'; now: Date }
  | { kind: 'refund'; amount: Money }
  | { kind: 'advance'; to: StoreOrderMove }
  | { kind: 'confirm_receipt' }
  | { kind: 'open_dispute' }
  | { kind: 'resolve_dispute'; outcome: DisputeOutcome };

/**
 * What to do: `to`, the status the order moves to (null: it stays); `payment`, what money that arrived is
 * (`pays_order`: it pays the order; `refund_due`: the order no longer wants it, so it is owed back;
 * `duplicate`: it was recorded before); `refundRemaining`, the order ends cancelled holding money, which
 * goes back to the shopper.
 */
export type OrderDecision =
  | {
      ok: true;
      to: OrderStatus | null;
      payment: 'pays_order' | 'refund_due' | 'duplicate' | null;
      refundRemaining: boolean;
    }
  | { ok: false; refusal: ErrorCode; params: (string | number)[] };

/**
 * A card payment left at the shopper's bank (3-D Secure) this recently is still the shopper's to finish:
 * expiry waits for it. Older, it is stopped at the provider before the order expires.
 */
export const CARD_ATTEMPT_GRACE_MINUTES = 15;

/** Statuses the store may cancel an order from: nothing has left the warehouse. */
export const STORE_CANCELLABLE_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.pendingPayment,
  ORDER_STATUS.paid,
  ORDER_STATUS.processing,
];

/**
 * The store moves a paid order along its fulfilment by hand, one step at a time. A dispute is settled by
 * resolving it, not by moving the order on.
 */
export const STORE_NEXT_MOVE: Partial<Record<OrderStatus, StoreOrderMove>> = {
  [ORDER_STATUS.paid]: ORDER_STATUS.processing,
  [ORDER_STATUS.processing]: ORDER_STATUS.shipped,
  [ORDER_STATUS.shipped]: ORDER_STATUS.delivered,
  [ORDER_STATUS.delivered]: ORDER_STATUS.completed,
};

/** The money the order holds beyond what was refunded or is being refunded. */
export function heldMinor(ledger: OrderLedger): number {
  return Math.max(0, ledger.receivedMinor - ledger.refundedMinor - ledger.refundingMinor);
}

/** Money the store owes back: whatever a cancelled order still holds. An open order owes nothing. */
export function owedBackMinor(snapshot: Pick<OrderSnapshot, 'status' | 'ledger'>): number {
  return snapshot.status === ORDER_STATUS.cancelled ? heldMinor(snapshot.ledger) : 0;
}

/** Whether an expiry may stop the card payment in flight now, or must leave it to the shopper a while. */
export function cardAttemptIsStale(activeAt: Date, now: Date): boolean {
  return now.getTime() - activeAt.getTime() >= CARD_ATTEMPT_GRACE_MINUTES * 60_000;
}

const ok = (
  to: OrderStatus | null,
  extra: Partial<Pick<Extract<OrderDecision, { ok: true }>, 'payment' | 'refundRemaining'>> = {},
): OrderDecision => ({
  ok: true,
  to,
  payment: extra.payment ?? null,
  refundRemaining: extra.refundRemaining ?? false,
});

const refuse = (refusal: ErrorCode, params: (string | number)[] = []): OrderDecision => ({
  ok: false,
  refusal,
  params,
});

const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  refuse('order/invalid_transition', [label(from), label(to)]);

/** A payment in flight: the shopper said PayNow was sent, or a card payment may still be completed. */
function paymentInFlight(order: OrderSnapshot): boolean {
  return order.paynowMarked || order.cardAttemptActiveAt !== null;
}

/** Moving to `cancelled` gives back what the order holds; money it holds goes back to the shopper. */
function cancelled(order: OrderSnapshot): OrderDecision {
  return ok(ORDER_STATUS.cancelled, { refundRemaining: heldMinor(order.ledger) > 0 });
}

function requireWaitingFor(order: OrderSnapshot, method: PaymentMethod): OrderDecision | null {
  if (order.status !== ORDER_STATUS.pendingPayment) return refuse('payment/not_payable');
  if (order.method !== method) return refuse('payment/wrong_method', [PAYMENT_METHOD_LABELS[order.method]]);
  return null;
}

/**
 * The transition table (docs/decisions/0056): what a command does to an order as it stands, or why it is
 * refused. Pure: the caller holds the order's row lock, so the snapshot is the order as the change finds it.
 */
export function decideOrder(order: OrderSnapshot, command: OrderCommand): OrderDecision {
  switch (command.kind) {
    case 'start_payment':
      return requireWaitingFor(order, command.method) ?? ok(null);

    case 'receive_payment': {
      if (command.alreadyRecorded) return ok(null, { payment: 'duplicate' });
      const paysTheOrder =
        order.status === ORDER_STATUS.pendingPayment &&
        command.amount.currency === order.currency &&
        command.amount.amountMinor === order.totalMinor;
      // Money the order no longer waits for (it was cancelled, or paid already) or of another amount is
      // recorded all the same, so it is in the ledger and goes back to the shopper.
      return paysTheOrder
        ? ok(ORDER_STATUS.paid, { payment: 'pays_order' })
        : ok(null, { payment: 'refund_due' });
    }

    case 'mark_paynow_sent':
      return requireWaitingFor(order, PAYMENT_METHOD.payNow) ?? ok(null);

    case 'confirm_paynow':
      if (order.method !== PAYMENT_METHOD.payNow) {
        return refuse('payment/wrong_method', [PAYMENT_METHOD_LABELS[order.method]]);
      }
      // A transfer is confirmed once; the order's total is what PayNow asked the bank for.
      if (order.ledger.receivedMinor > 0) return refuse('payment/not_payable');
      if (order.status === ORDER_STATUS.pendingPayment)
        return ok(ORDER_STATUS.paid, { payment: 'pays_order' });
      // The transfer arrived after the order was cancelled: it is recorded and owed back.
      if (order.status === ORDER_STATUS.cancelled) return ok(null, { payment: 'refund_due' });
      return refuse('payment/not_payable');

    case 'cancel':
      if (command.by === 'shopper') {
        if (order.status !== ORDER_STATUS.pendingPayment) return refuse('order/not_cancellable');
        if (paymentInFlight(order)) return refuse('order/payment_in_progress');
        return cancelled(order);
      }
      if (!STORE_CANCELLABLE_STATUSES.includes(order.status)) {
        return invalidTransition(order.status, ORDER_STATUS.cancelled);
      }
      // A PayNow transfer the shopper says they sent may never come: the store decides. A card payment
      // the provider may still complete is stopped at the provider first.
      if (order.cardAttemptActiveAt !== null) return refuse('order/payment_in_progress');
      return cancelled(order);

    case 'expire':
      if (order.status !== ORDER_STATUS.pendingPayment)
        return invalidTransition(order.status, ORDER_STATUS.cancelled);
      if (order.paymentDueAt.getTime() > command.now.getTime()) return refuse('order/not_due');
      if (paymentInFlight(order)) return refuse('order/payment_in_progress');
      return cancelled(order);

    case 'refund': {
      const held = heldMinor(order.ledger);
      if (order.ledger.receivedMinor === 0) return refuse('order/not_refundable');
      if (order.method === PAYMENT_METHOD.card && order.ledger.cardRefundPending) {
        return refuse('order/refund_in_progress');
      }
      const refusal = refundRefusal(command.amount, { currency: order.currency, refundableMinor: held });
      if (refusal === 'order/refund_exceeds_paid') {
        return refuse(refusal, [formatMoney({ amountMinor: held, currency: order.currency })]);
      }
      return refusal ? refuse(refusal) : ok(null);
    }

    case 'advance':
      if (STORE_NEXT_MOVE[order.status] !== command.to) return invalidTransition(order.status, command.to);
      return ok(command.to);

    case 'confirm_receipt':
      if (!RECEIPT_CONFIRMABLE_STATUSES.includes(order.status)) return refuse('order/not_receivable');
      return ok(ORDER_STATUS.completed);

    case 'open_dispute':
      if (!DISPUTABLE_STATUSES.includes(order.status)) return refuse('order/not_disputable');
      return ok(ORDER_STATUS.disputed);

    case 'resolve_dispute':
      if (order.status !== ORDER_STATUS.disputed) return refuse('order/not_disputed');
      return command.outcome === ORDER_STATUS.cancelled ? cancelled(order) : ok(command.outcome);
  }
}

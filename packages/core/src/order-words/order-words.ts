import { formatMoney, isCurrencyCode, type Money } from '../money/index.js';
import {
  ORDER_STATUS,
  type OrderStatus,
  PAYMENT_METHOD,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../order/rules.js';

// What an order's timeline, its notifications and its mail say, in sentences a shopper understands. Events
// are stored as data (a status change, a payment result, with details such as a method or an amount in
// minor units); these rules turn them into words once, for the server's notifications and the web's
// timeline alike. A detail these rules do not know is left unsaid rather than shown as a key or a code.

/** Who reads the sentence: the shopper hears "you", the store hears of "the shopper". */
export type OrderReader = 'shopper' | 'store';

type DetailValue = string | number | boolean | null;

/** A status change or payment event of an order, as the timeline stores it. */
export type OrderEvent = {
  kind: 'status' | 'payment';
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  actor: 'shopper' | 'store' | 'system' | 'provider';
  detail: Readonly<Record<string, DetailValue>>;
};

const text = (value: DetailValue | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function moneyIn(detail: OrderEvent['detail']): string | null {
  const { amountMinor, currency } = detail;
  if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor) || !isCurrencyCode(currency)) {
    return null;
  }
  return formatMoney({ amountMinor, currency });
}

const methodIn = (detail: OrderEvent['detail']): PaymentMethod | null =>
  typeof detail.method === 'string' && (PAYMENT_METHODS as readonly string[]).includes(detail.method)
    ? (detail.method as PaymentMethod)
    : null;

/**
 * Text someone typed (a reason, a note) as a sentence of its own: capitalised and closed with a full stop
 * unless it already ends in punctuation.
 */
export function asSentence(typed: string): string {
  const trimmed = typed.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return '';
  const capitalised = trimmed.charAt(0).toLocaleUpperCase('en-GB') + trimmed.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

const withReason = (sentence: string, reason: string | null) =>
  reason ? `${sentence} Reason: ${asSentence(reason)}` : sentence;

// The reason the expiry sweep writes when an unpaid order runs out of time.
const PAYMENT_EXPIRED = 'payment_expired';

function paidWords(event: OrderEvent): string {
  const amount = moneyIn(event.detail);
  const paid = amount ? `Paid ${amount}` : 'Paid';
  switch (methodIn(event.detail)) {
    case PAYMENT_METHOD.card:
      return `${paid} by card.`;
    case PAYMENT_METHOD.testCard:
      return `${paid} by card (a test card: no real money moved).`;
    case PAYMENT_METHOD.payNow:
      return event.actor === 'store'
        ? `${paid} by PayNow; the store confirmed the transfer.`
        : `${paid} by PayNow.`;
    case null:
      return `${paid}.`;
  }
}

function cancelledWords(event: OrderEvent, reader: OrderReader): string {
  const reason = text(event.detail.reason);
  if (reason === PAYMENT_EXPIRED) return 'Cancelled: the payment was not received in time.';
  if (event.actor === 'shopper') {
    return withReason(
      reader === 'shopper' ? 'You cancelled the order.' : 'The shopper cancelled the order.',
      reason,
    );
  }
  if (event.actor === 'store') return withReason('The store cancelled the order.', reason);
  return withReason('The order was cancelled.', reason);
}

const DISPUTE_OUTCOMES: Partial<Record<OrderStatus, string>> = {
  processing: 'the order is being prepared again',
  completed: 'the order is completed',
  cancelled: 'the order is cancelled',
};

function statusWords(event: OrderEvent, reader: OrderReader): string {
  const { detail } = event;
  const yours = reader === 'shopper' ? 'your order' : 'the order';
  if (event.fromStatus === ORDER_STATUS.disputed && event.toStatus) {
    const outcome = DISPUTE_OUTCOMES[event.toStatus] ?? 'the order has moved on';
    const note = text(detail.resolution);
    return `The store settled the dispute: ${outcome}.${note ? ` ${asSentence(note)}` : ''}`;
  }
  switch (event.toStatus) {
    case ORDER_STATUS.pendingPayment:
      return reader === 'shopper'
        ? 'You placed the order. It waits for your payment.'
        : 'The shopper placed the order. It waits for payment.';
    case ORDER_STATUS.paid:
      return paidWords(event);
    case ORDER_STATUS.processing:
      return `The store is preparing ${yours}.`;
    case ORDER_STATUS.shipped: {
      const carrier = text(detail.carrier);
      const tracking = text(detail.trackingNumber);
      const shipped = carrier ? `Shipped with ${carrier}.` : 'Shipped.';
      return tracking ? `${shipped} Tracking number ${tracking}.` : shipped;
    }
    case ORDER_STATUS.delivered:
      return 'Delivered.';
    case ORDER_STATUS.completed:
      if (event.actor !== 'shopper') return 'Completed.';
      return reader === 'shopper'
        ? 'You confirmed the order arrived. It is completed.'
        : 'The shopper confirmed the order arrived. It is completed.';
    case ORDER_STATUS.cancelled:
      return cancelledWords(event, reader);
    case ORDER_STATUS.disputed:
      return withReason(
        reader === 'shopper' ? 'You opened a dispute.' : 'The shopper opened a dispute.',
        text(detail.reason),
      );
    case null:
      return `${reader === 'shopper' ? 'Your order' : 'The order'} was updated.`;
  }
}

function refundedWords(event: OrderEvent, reader: OrderReader): string {
  const { detail } = event;
  const amount = moneyIn(detail);
  const refunded = amount ? `Refunded ${amount}` : 'Refunded';
  const reason = text(detail.reason);
  switch (methodIn(detail)) {
    case PAYMENT_METHOD.card:
      return withReason(`${refunded} to ${reader === 'shopper' ? 'your' : 'the shopper’s'} card.`, reason);
    case PAYMENT_METHOD.testCard:
      return withReason(`${refunded} to the test card; no real money moved.`, reason);
    case PAYMENT_METHOD.payNow: {
      // The bank transfer's reference is what the shopper finds on their statement.
      const reference = text(detail.reference);
      const how = reference ? `by bank transfer, reference ${reference}.` : 'by bank transfer.';
      return withReason(`${refunded} ${how}`, reason);
    }
    case null:
      return withReason(`${refunded}.`, reason);
  }
}

function receivedAfterCloseWords(event: OrderEvent, reader: OrderReader): string {
  const amount = moneyIn(event.detail) ?? 'a payment';
  if (methodIn(event.detail) === PAYMENT_METHOD.payNow) {
    return reader === 'shopper'
      ? `We received ${amount} by PayNow after the order was closed; we will send it back to you by bank transfer.`
      : `We received ${amount} by PayNow after the order was closed; it is owed back to the shopper by bank transfer.`;
  }
  return `We received ${amount} after the order was closed; it is being refunded.`;
}

function paymentWords(event: OrderEvent, reader: OrderReader): string {
  const { detail } = event;
  switch (detail.result) {
    case 'refunded':
      return refundedWords(event, reader);
    case 'received_after_close':
      return receivedAfterCloseWords(event, reader);
    case 'marked_paid':
      return reader === 'shopper'
        ? 'You said the PayNow transfer is made; the store will confirm it.'
        : 'The shopper said the PayNow transfer is made; the store confirms it once it arrives.';
    case 'failed': {
      const why = text(detail.message);
      return `The card payment did not go through.${why ? ` ${asSentence(why)}` : ''}`;
    }
    default:
      return 'The payment was updated.';
  }
}

/** A status change or payment event as one or two plain sentences, for the order's timeline. */
export function orderEventSentence(event: OrderEvent, reader: OrderReader): string {
  return event.kind === 'status' ? statusWords(event, reader) : paymentWords(event, reader);
}

const STATUS_TITLES: Record<OrderStatus, string> = {
  pending_payment: 'is placed',
  paid: 'is paid',
  processing: 'is being prepared',
  shipped: 'is on its way',
  delivered: 'is delivered',
  completed: 'is completed',
  cancelled: 'is cancelled',
  disputed: 'is in dispute',
};

export type Notice = { title: string; body: string };

/**
 * What the shopper's notification says about an event of their order: the title names the order and what
 * it has become, the body is the timeline's sentence.
 */
export function orderEventNotice(orderRef: string, event: OrderEvent): Notice {
  const body = orderEventSentence(event, 'shopper');
  if (event.kind === 'status' && event.toStatus) {
    return { title: `Order ${orderRef} ${STATUS_TITLES[event.toStatus]}`, body };
  }
  const amount = moneyIn(event.detail) ?? 'a payment';
  switch (event.detail.result) {
    case 'refunded':
      return { title: `We refunded ${amount} for order ${orderRef}`, body };
    case 'received_after_close':
      return {
        title:
          methodIn(event.detail) === PAYMENT_METHOD.payNow
            ? `We will return ${amount} for order ${orderRef}`
            : `We are refunding ${amount} for order ${orderRef}`,
        body,
      };
    default:
      return { title: `An update on order ${orderRef}`, body };
  }
}

/** What operators are told when a shopper says a PayNow transfer is made. */
export function paynowToConfirmNotice(orderRef: string, amount: Money): Notice {
  return {
    title: `Check the PayNow transfer for order ${orderRef}`,
    body: `The shopper says they sent ${formatMoney(amount)} by PayNow. Confirm the order once it arrives.`,
  };
}

/**
 * The size of a collapsed group of notifications (one order's updates, one chat), in words; empty for a
 * notification that stands alone.
 */
export function notificationGroupWords(count: number): string {
  return count > 1 ? `Latest of ${count} updates` : '';
}

/** What an order list knows of an order's contents: how many lines it has, and its first line. */
export type OrderContents = {
  lineCount: number;
  firstItem: { name: string; quantity: number } | null;
};

/**
 * How a list names an order's contents: its first item, with how many of it when that is the only line
 * ("Velvet Lip Balm × 2"), or how many other lines there are ("Velvet Lip Balm and 1 more item"). Other
 * lines are counted, not units: two of one lip balm are not "and 1 more".
 */
export function orderItemsSummary({ lineCount, firstItem }: OrderContents): string {
  if (!firstItem) return 'No items';
  const others = lineCount - 1;
  if (others > 0) return `${firstItem.name} and ${others} more ${others === 1 ? 'item' : 'items'}`;
  return firstItem.quantity > 1 ? `${firstItem.name} × ${firstItem.quantity}` : firstItem.name;
}

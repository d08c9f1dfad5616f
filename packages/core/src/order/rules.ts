import type { Money } from '../money/index.js';
import { codeValues } from '../validation/wire-codes.js';

// Orders (docs/rules/orders.md): the status lifecycle, payment methods and what an order keeps of what
// was bought. Pure rules shared by the server and the web.

export const ORDER_STATUS = {
  pendingPayment: 'pending_payment',
  paid: 'paid',
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  disputed: 'disputed',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = codeValues(ORDER_STATUS);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid',
  processing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'In dispute',
};

/**
 * Where an order may go from each status: the graph the order's state machine (machine.ts) moves along.
 * Unpaid orders are paid, or cancelled by the shopper, the store or expiry; a paid order is cancelled only
 * by the store, which gives the money back. The shopper completes a shipped or delivered order by
 * confirming receipt. A dispute can be opened once the order is paid and is settled by the store, back
 * into processing, to completed, or cancelled with the money given back.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [ORDER_STATUS.pendingPayment]: [ORDER_STATUS.paid, ORDER_STATUS.cancelled],
  [ORDER_STATUS.paid]: [ORDER_STATUS.processing, ORDER_STATUS.cancelled, ORDER_STATUS.disputed],
  [ORDER_STATUS.processing]: [ORDER_STATUS.shipped, ORDER_STATUS.cancelled, ORDER_STATUS.disputed],
  [ORDER_STATUS.shipped]: [ORDER_STATUS.delivered, ORDER_STATUS.completed, ORDER_STATUS.disputed],
  [ORDER_STATUS.delivered]: [ORDER_STATUS.completed, ORDER_STATUS.disputed],
  [ORDER_STATUS.completed]: [ORDER_STATUS.disputed],
  [ORDER_STATUS.cancelled]: [],
  [ORDER_STATUS.disputed]: [ORDER_STATUS.processing, ORDER_STATUS.completed, ORDER_STATUS.cancelled],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The column holding the time an order reached each status. */
export const ORDER_STATUS_TIME_FIELDS = {
  pending_payment: 'placedAt',
  paid: 'paidAt',
  processing: 'processingAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
  disputed: 'disputedAt',
} as const satisfies Record<OrderStatus, string>;

/** A shopper confirms receipt of a shipped or delivered order, which completes it. */
export const RECEIPT_CONFIRMABLE_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
];

/** A shopper may open a dispute on an order the store has been paid for and has not settled. */
export const DISPUTABLE_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.paid,
  ORDER_STATUS.processing,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
  ORDER_STATUS.completed,
];

/**
 * `card`: the card provider (PaymentIntents). `paynow`: a bank transfer by PayNow QR, confirmed by an
 * operator. `test_card`: a clearly labelled stand-in for development without provider keys; refused in
 * production.
 */
export const PAYMENT_METHOD = { card: 'card', payNow: 'paynow', testCard: 'test_card' } as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const PAYMENT_METHODS = codeValues(PAYMENT_METHOD);

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit or debit card',
  paynow: 'PayNow',
  test_card: 'Test card (no real payment)',
};

/** The address an order is delivered to or billed at, copied when the order is placed. */
export type OrderAddress = {
  fullName: string;
  phoneNumber: string;
  address: string;
  unitNumber: string | null;
  postalCode: string | null;
  country: string;
  state: string | null;
  city: string | null;
};

/** The product as it was bought, so the order reads the same after the product changes or goes. */
export type OrderLineCapture = {
  name: string;
  mainImage: string | null;
  /** The product's id or name in URLs, to link back to it while it exists. */
  paramName: string | null;
  variantLabel: string | null;
  merchantName: string | null;
  sourceMarketPlace: string | null;
  productUrl: string | null;
  unitPrice: Money;
};

const ORDER_REF_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_REF_PATTERN = /^CB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/**
 * An order reference a shopper can read out: 'CB-' and eight characters without look-alikes (0/O, 1/I/L).
 * `randomBytes` supplies eight random bytes.
 */
export function orderReference(randomBytes: Uint8Array): string {
  if (randomBytes.length < 8) throw new RangeError('An order reference needs 8 random bytes');
  let ref = 'CB-';
  for (let index = 0; index < 8; index += 1) {
    ref += ORDER_REF_ALPHABET[(randomBytes[index] ?? 0) % ORDER_REF_ALPHABET.length];
  }
  return ref;
}

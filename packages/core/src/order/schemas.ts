import { z } from 'zod';
import { postalAddressSchema } from '../address/address-calls.js';
import { fails } from '../validation/issue-codes.js';
import { currencyCodeSchema, moneySchema, pageQueryFields, pageSchema } from '../validation/wire.js';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from './rules.js';
import { shipmentCarrierSchema } from './shipping.js';
import { lineSourceSchema, paymentMethodSchema, refusalSchema, taxSchema } from './wire-parts.js';

// Order request schemas and wire shapes (docs/rules/orders.md): the shopper's orders and the store's order desk.
// Checkout's and vouchers' are in checkout-schemas.ts and voucher-schemas.ts.

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** The shipping and billing addresses an order keeps, as the address book held them when it was placed. */
export const orderAddressSchema = postalAddressSchema;

export const orderLineCaptureSchema = z.object({
  name: z.string(),
  mainImage: z.string().nullable(),
  paramName: z.string().nullable(),
  variantLabel: z.string().nullable(),
  merchantName: z.string().nullable(),
  sourceMarketPlace: z.string().nullable(),
  productUrl: z.string().nullable(),
  unitPrice: moneySchema,
});

export const orderLineSchema = z.object({
  id: z.string(),
  source: lineSourceSchema,
  cartItemId: z.string().nullable(),
  quotationItemId: z.string().nullable(),
  productId: z.string().nullable(),
  variantPath: z.string(),
  quantity: z.int(),
  unitPrice: moneySchema,
  total: moneySchema,
  message: z.string(),
  capture: orderLineCaptureSchema,
});

const nullableTime = z.string().nullable();

export const orderSchema = z.object({
  id: z.string(),
  orderRef: z.string(),
  status: orderStatusSchema,
  regionCountryCode: z.string(),
  currency: currencyCodeSchema,
  subtotal: moneySchema,
  discount: moneySchema,
  shippingFee: moneySchema,
  paymentFee: moneySchema,
  tax: taxSchema.nullable(),
  /** The tax amount alone, as purchase tracking reads it (docs/rules/orders.md). */
  taxFee: moneySchema,
  total: moneySchema,
  voucherCode: z.string().nullable(),
  paymentMethod: paymentMethodSchema,
  notes: z.string(),
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  lines: z.array(orderLineSchema),
  /** The purchase-tracking view (docs/rules/orders.md) of the lines: cart lines, quotation lines and the products bought. */
  cartItems: z.array(
    z.object({
      id: z.string(),
      productId: z.string().nullable(),
      variantPath: z.string(),
      quantity: z.int(),
    }),
  ),
  quotationItems: z.array(z.object({ id: z.string(), quantity: z.int() })),
  productCaptures: z.array(orderLineCaptureSchema),
  trackingNumber: z.string().nullable(),
  /** The carrier the order left with, and its tracking page for the tracking number, once shipped. */
  carrier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  cancelReason: z.string().nullable(),
  placedAt: z.string(),
  paymentDueAt: z.string(),
  paidAt: nullableTime,
  processingAt: nullableTime,
  shippedAt: nullableTime,
  deliveredAt: nullableTime,
  completedAt: nullableTime,
  cancelledAt: nullableTime,
  disputedAt: nullableTime,
  paynowMarkedPaidAt: nullableTime,
  /** Store messages the shopper has not read yet. */
  unreadMessages: z.int(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = orderSchema
  .pick({
    id: true,
    orderRef: true,
    status: true,
    total: true,
    paymentMethod: true,
    placedAt: true,
    paymentDueAt: true,
    unreadMessages: true,
  })
  .extend({
    /** How many lines the order has (not units: two of one item are one line). */
    lineCount: z.int(),
    /** The first line's name, picture and quantity, to recognise the order by. */
    firstItem: z.object({ name: z.string(), mainImage: z.string().nullable(), quantity: z.int() }).nullable(),
  });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ORDER_PAGE_MAX_LIMIT = 50;

export const orderListQuerySchema = z.object({
  ...pageQueryFields(ORDER_PAGE_MAX_LIMIT, 10),
  status: orderStatusSchema.optional(),
});

export const orderPageSchema = pageSchema({ orders: z.array(orderSummarySchema) });

export const cancelOrderSchema = z
  .object({
    reason: z.string(fails('order/invalid_reason')).trim().max(500, 'order/invalid_reason').default(''),
  })
  .default({ reason: '' });

/** How to raise a problem with an order (GET /order/{id}/dispute_info). */
export const disputeInfoSchema = z.object({
  orderRef: z.string(),
  canDispute: z.boolean(),
  /** Why not, when the order cannot be disputed. */
  refusal: refusalSchema.nullable(),
  supportEmail: z.string(),
  /** Days after delivery within which a problem can be raised. */
  windowDays: z.int(),
  steps: z.array(z.string()),
  disputedAt: z.string().nullable(),
});

/** A calendar day, YYYY-MM-DD, as a date filter names it. */
const daySchema = z.iso.date();

/** The store's order desk: every shopper's orders, newest first, narrowed by what an operator asks. */
export const storeOrderListQuerySchema = z.object({
  ...pageQueryFields(ORDER_PAGE_MAX_LIMIT, 20),
  status: orderStatusSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  /** Placed on or after this store day (Singapore, STORE_TIME_ZONE). */
  placedFrom: daySchema.optional(),
  /** Placed on or before this store day (Singapore, STORE_TIME_ZONE). */
  placedTo: daySchema.optional(),
  /** An order reference, or part of the shopper's email or name. */
  q: z.string().trim().max(100).optional(),
});
export type StoreOrderListQuery = z.infer<typeof storeOrderListQuerySchema>;

/** The order export's filters: the desk's, so a download holds what the desk shows, without its paging. */
export const storeOrderExportQuerySchema = storeOrderListQuerySchema.omit({ page: true, limit: true });
export type StoreOrderExportQuery = z.infer<typeof storeOrderExportQuerySchema>;

export const storeOrderSummarySchema = orderSummarySchema.extend({
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type StoreOrderSummary = z.infer<typeof storeOrderSummarySchema>;

export const storeOrderPageSchema = pageSchema({ orders: z.array(storeOrderSummarySchema) });

/**
 * The moves of an order the store makes by hand. Paying is the payments' (a card, a confirmed PayNow
 * transfer); cancelling a paid order needs a refund, which the store makes through the card provider.
 */
export const STORE_ORDER_MOVES = [
  ORDER_STATUS.processing,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
  ORDER_STATUS.completed,
] as const satisfies readonly OrderStatus[];
export type StoreOrderMove = (typeof STORE_ORDER_MOVES)[number];

/** The store moves an order on; a shipment names its carrier, from the store's list, and tracking number. */
export const storeOrderMoveSchema = z
  .object({
    to: z.enum(STORE_ORDER_MOVES),
    trackingNumber: z
      .string()
      .trim()
      .min(1, 'order/invalid_tracking_number')
      .max(100, 'order/invalid_tracking_number')
      .optional(),
    carrier: shipmentCarrierSchema.optional(),
  })
  .refine((move) => move.to !== ORDER_STATUS.shipped || move.trackingNumber !== undefined, {
    message: 'order/invalid_tracking_number',
    path: ['trackingNumber'],
  })
  .refine((move) => move.to !== ORDER_STATUS.shipped || move.carrier !== undefined, {
    message: 'order/invalid_carrier',
    path: ['carrier'],
  });
export type StoreOrderMoveRequest = z.infer<typeof storeOrderMoveSchema>;

/** One order as the store sees it: everything its shopper sees, and who the shopper is. */
export const storeOrderSchema = orderSchema.extend({
  shopper: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

/** Orders one packing-slip page prints at once, as many as one bulk shipment ships. */
export const PACKING_SLIP_MAX_ORDERS = 50;

/** `?ids=` of the packing slips: repeated, or one comma-separated value. */
export const packingSlipQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], fails('order/invalid_bulk_selection'))
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter((id) => id !== ''),
    )
    .pipe(
      z
        .array(z.string().max(200, 'order/not_found'))
        .min(1, 'order/invalid_bulk_selection')
        .max(PACKING_SLIP_MAX_ORDERS, 'order/invalid_bulk_selection'),
    ),
});

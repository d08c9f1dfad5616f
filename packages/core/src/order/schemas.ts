import { z } from 'zod';
import { CART_MAX_ITEMS } from '../cart/limits.js';
import { QUOTATION_MAX_ITEMS } from '../quotation/limits.js';
import { quoteTermsSchema } from '../quotation/schemas.js';
import { fails } from '../validation/issue-codes.js';
import { currencyCodeSchema, moneySchema } from '../validation/wire.js';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS } from './rules.js';
import { shipmentCarrierSchema } from './shipping.js';

// Checkout, voucher and order request schemas and wire shapes (docs/rules/cart-and-checkout.md, docs/rules/vouchers.md, docs/rules/orders.md).

/** A refusal shown beside a choice without failing the whole answer (a voucher that does not apply). */
export const refusalSchema = z.object({ code: z.string(), params: z.array(z.string()), message: z.string() });

// An id that is not one of the shopper's lines is not found (404), as everywhere; a list that is not a list
// of strings is a malformed request (400).
const idList = (max: number, code: 'cart/not_found' | 'quotation/not_found') =>
  z
    .array(
      z.string(fails('general/argument_error')).min(1, code).max(200, code),
      fails('general/argument_error'),
    )
    .max(max, 'general/argument_error');

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, fails('checkout/invalid_payment_method'));
const voucherCodeSchema = z.string(fails('voucher/unknown')).trim().max(40, 'voucher/unknown');
const countryCodeSchema = z
  .string(fails('region/not_enabled'))
  .regex(/^[A-Za-z]{2}$/, 'region/not_enabled')
  .transform((code) => code.toUpperCase());
const addressIdSchema = z.string(fails('address/not_found')).min(1, 'address/not_found').max(200);
const notesSchema = z.string(fails('checkout/invalid_notes')).max(1000, 'checkout/invalid_notes');

export const checkoutSessionRequestSchema = z
  .object({
    cartItemIds: idList(CART_MAX_ITEMS, 'cart/not_found').default([]),
    quotationItemIds: idList(QUOTATION_MAX_ITEMS, 'quotation/not_found').default([]),
  })
  .refine((selection) => selection.cartItemIds.length + selection.quotationItemIds.length > 0, {
    message: 'checkout/empty_selection',
    path: ['cartItemIds'],
  });
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

export const checkoutSessionSchema = z.object({
  key: z.string(),
  cartItemIds: z.array(z.string()),
  quotationItemIds: z.array(z.string()),
  expiresAt: z.string(),
  /** The order this session placed, once it has. */
  orderId: z.string().nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const estimateCostsQuerySchema = z.object({
  checkoutSessionKey: z.string(fails('checkout/not_found')).min(1).max(200),
  voucherCode: voucherCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  shippingAddressId: addressIdSchema.optional(),
  regionCountryCode: countryCodeSchema.optional(),
});

/** Quotation ids as a query parameter: repeated, or one comma-separated value. */
const quotationIdsQuery = z
  .union([z.string(), z.array(z.string())], fails('quotation/not_found'))
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter((id) => id !== ''),
  )
  .pipe(idList(QUOTATION_MAX_ITEMS, 'quotation/not_found').min(1, 'checkout/empty_selection'));

export const quotationEstimateQuerySchema = z.object({
  quotationIds: quotationIdsQuery,
  voucherCode: voucherCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  shippingAddressId: addressIdSchema.optional(),
  regionCountryCode: countryCodeSchema.optional(),
});

const orderChoices = {
  voucherCode: voucherCodeSchema.optional(),
  paymentMethod: paymentMethodSchema,
  notes: notesSchema.default(''),
  shippingAddressId: addressIdSchema,
  /** The shipping address bills too when none is given. */
  billingAddressId: addressIdSchema.optional(),
  regionCountryCode: countryCodeSchema.optional(),
};

export const createOrderSchema = z.object({
  checkoutSessionKey: z.string(fails('checkout/not_found')).min(1).max(200),
  ...orderChoices,
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

export const quotationCreateOrderSchema = z.object({
  quotationIds: idList(QUOTATION_MAX_ITEMS, 'quotation/not_found').min(1, 'checkout/empty_selection'),
  ...orderChoices,
});
export type QuotationCreateOrder = z.infer<typeof quotationCreateOrderSchema>;

const lineSourceSchema = z.enum(['cart', 'quotation_internal', 'quotation_external']);

/** One line of a checkout, as priced now. */
export const checkoutLineSchema = z.object({
  source: lineSourceSchema,
  /** The cart item's or the quotation item's id. */
  id: z.string(),
  productId: z.string().nullable(),
  variantPath: z.string(),
  name: z.string(),
  mainImage: z.string().nullable(),
  variantLabel: z.string().nullable(),
  marketplaceLabel: z.string().nullable(),
  quantity: z.int(),
  unitPrice: moneySchema,
  total: moneySchema,
  message: z.string(),
  /** How a quoted item's price was made (decision 0066); null for other lines and older quotes. */
  quoteTerms: quoteTermsSchema.nullable(),
  /** Until when a quoted item's price and exchange rate hold (ISO 8601); null for lines the catalogue prices. */
  quoteExpiresAt: z.string().nullable(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

const taxSchema = z.object({
  name: z.string(),
  ratePercent: z.string(),
  inclusive: z.boolean(),
  amount: moneySchema,
});

export const paymentMethodOptionSchema = z.object({
  method: paymentMethodSchema,
  label: z.string(),
  feePercent: z.string(),
});

export const costEstimateSchema = z.object({
  regionCountryCode: z.string(),
  currency: currencyCodeSchema,
  lines: z.array(checkoutLineSchema),
  subtotal: moneySchema,
  discount: moneySchema,
  shippingFee: moneySchema,
  paymentFee: moneySchema,
  tax: taxSchema.nullable(),
  total: moneySchema,
  /** The voucher asked for, and why it gives nothing when it does not apply. */
  voucher: z.object({ code: z.string(), refusal: refusalSchema.nullable() }).nullable(),
  /** Why the order cannot be delivered to the chosen address, when it cannot. */
  shippingRefusal: refusalSchema.nullable(),
  /** Why the order cannot be placed at this total (delivery, fee and tax took it past the most one can be). */
  totalRefusal: refusalSchema.nullable(),
  /** The payment methods this order can be paid with. */
  paymentMethods: z.array(paymentMethodOptionSchema),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

const voucherItemsSchema = z
  .object({
    cartItemIds: idList(CART_MAX_ITEMS, 'cart/not_found').default([]),
    quotationItemIds: idList(QUOTATION_MAX_ITEMS, 'quotation/not_found').default([]),
  })
  .default({ cartItemIds: [], quotationItemIds: [] });

export const voucherValidateSchema = z.object({
  code: voucherCodeSchema.min(1, 'voucher/unknown'),
  regionCountryCode: countryCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  voucherItems: voucherItemsSchema,
});
export type VoucherValidate = z.infer<typeof voucherValidateSchema>;

export const voucherAvailableSchema = voucherValidateSchema.omit({ code: true });

export const voucherSummarySchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.string().nullable(),
  /** Amounts in the region's currency. */
  amountOff: moneySchema.nullable(),
  maxDiscount: moneySchema.nullable(),
  minSpend: moneySchema,
  endsAt: z.string().nullable(),
  paymentMethods: z.array(z.string()),
});
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;

export const voucherValidationSchema = z.object({
  voucher: voucherSummarySchema,
  /** The discount on the given items; zero when no items are given. */
  discount: moneySchema,
});

export const availableVouchersSchema = z.object({
  vouchers: z.array(
    voucherSummarySchema.extend({ discount: moneySchema.nullable(), refusal: refusalSchema.nullable() }),
  ),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderAddressSchema = z.object({
  fullName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  unitNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
});

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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX_LIMIT).default(10),
  status: orderStatusSchema.optional(),
});

export const orderPageSchema = z.object({
  orders: z.array(orderSummarySchema),
  page: z.int(),
  limit: z.int(),
  total: z.int(),
});

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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX_LIMIT).default(20),
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

export const storeOrderPageSchema = z.object({
  orders: z.array(storeOrderSummarySchema),
  page: z.int(),
  limit: z.int(),
  total: z.int(),
});

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

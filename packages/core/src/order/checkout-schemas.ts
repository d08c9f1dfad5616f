import { z } from 'zod';
import { CART_MAX_ITEMS } from '../cart/limits.js';
import { QUOTATION_MAX_ITEMS } from '../quotation/limits.js';
import { quoteTermsSchema } from '../quotation/schemas.js';
import { fails } from '../validation/issue-codes.js';
import { currencyCodeSchema, moneySchema } from '../validation/wire.js';
import {
  countryCodeSchema,
  idList,
  lineSourceSchema,
  paymentMethodSchema,
  refusalSchema,
  taxSchema,
  voucherCodeSchema,
} from './wire-parts.js';

// Checkout request schemas and wire shapes (docs/rules/cart-and-checkout.md): the session, the estimate and
// the order request.

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

import { z } from 'zod';
import { productSchema } from '../catalogue/schemas.js';
import type { ErrorCode } from '../errors/index.js';
import { ORDER_TOTAL_MAX_MINOR } from '../order/costs.js';
import { fails, requiredText } from '../validation/issue-codes.js';
import { currencyCodeSchema, moneySchema } from '../validation/wire.js';
import {
  QUOTATION_DECLINE_REASON_MAX_LENGTH,
  QUOTATION_INSTRUCTIONS_MAX_LENGTH,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_NAME_MAX_LENGTH,
  QUOTATION_URL_MAX_LENGTH,
  QUOTATION_WEIGHT_MAX_GRAMS,
} from './limits.js';
import { isHttpUrl, PRODUCT_SOURCES, QUOTATION_REQUEST_FROM, QUOTATION_STATUSES } from './rules.js';

// Quotation request schemas and wire shapes (docs/rules/quotations.md).

const httpUrl = (code: ErrorCode) =>
  z
    .string(fails(code))
    .trim()
    .max(QUOTATION_URL_MAX_LENGTH, code)
    .refine((text) => isHttpUrl(text), code);

const quantitySchema = z
  .number(fails('quotation/invalid_quantity'))
  .int('quotation/invalid_quantity')
  .min(1, 'quotation/invalid_quantity')
  .max(QUOTATION_MAX_QUANTITY, 'quotation/invalid_quantity');
const instructionsSchema = z
  .string(fails('quotation/invalid_instructions'))
  .trim()
  .max(QUOTATION_INSTRUCTIONS_MAX_LENGTH, 'quotation/invalid_instructions');
const variantPathSchema = z.string(fails('cart/invalid_variant_path')).max(200, 'cart/invalid_variant_path');
const productIdSchema = z.string(fails('product/not_found')).trim().min(1, 'product/not_found').max(200);

/**
 * docs/rules/quotations.md: the remote form (`from: 'r'`, a product on another site) needs productUrl, productName,
 * productQuantity, instructions and imageUrl; the local form (`from: 'l'`, one of ours) needs productRef,
 * variantPath and productQuantity. An empty imageUrl means the shopper has no picture to give.
 */
export const remoteQuotationRequestSchema = z.object({
  from: z.literal(QUOTATION_REQUEST_FROM.remote),
  productUrl: httpUrl('quotation/invalid_product_url'),
  productName: requiredText('quotation/invalid_product_name', QUOTATION_NAME_MAX_LENGTH),
  productQuantity: quantitySchema,
  instructions: instructionsSchema,
  imageUrl: z.union(
    [z.literal(''), httpUrl('quotation/invalid_image_url')],
    fails('quotation/invalid_image_url'),
  ),
});

export const localQuotationRequestSchema = z.object({
  from: z.literal(QUOTATION_REQUEST_FROM.local),
  /** The product's id or its name in URLs (paramName). */
  productRef: productIdSchema,
  variantPath: variantPathSchema,
  productQuantity: quantitySchema,
  instructions: instructionsSchema.default(''),
});

export const quotationRequestSchema = z.discriminatedUnion('from', [
  remoteQuotationRequestSchema,
  localQuotationRequestSchema,
]);
export type QuotationRequest = z.infer<typeof quotationRequestSchema>;

export const internalProductQuotationSchema = z.object({
  productId: productIdSchema,
  variantPath: variantPathSchema.default(''),
  quantity: quantitySchema.default(1),
  instructions: instructionsSchema.default(''),
});

/** A product the store has looked up by link (POST /product/searchExternal), asked for by its id or link. */
export const externalQuotationSchema = z
  .object({
    externalProductId: z.string().max(200).optional(),
    link: httpUrl('quotation/invalid_product_url').optional(),
    quantity: quantitySchema.default(1),
    instructions: instructionsSchema.default(''),
  })
  .refine((body) => body.externalProductId !== undefined || body.link !== undefined, {
    message: 'general/missing_argument',
    path: ['link'],
  });

/** Only quantity and instructions may change (docs/rules/quotations.md); any other key is refused, never applied. */
export const updateQuotationItemSchema = z
  .strictObject({ quantity: quantitySchema.optional(), instructions: instructionsSchema.optional() })
  .refine((update) => update.quantity !== undefined || update.instructions !== undefined, {
    message: 'general/missing_argument',
    path: ['quantity'],
  });
export type UpdateQuotationItem = z.infer<typeof updateQuotationItemSchema>;

const amountMinorSchema = (code: ErrorCode, min: number) =>
  z.number(fails(code)).int(code).min(min, code).max(ORDER_TOTAL_MAX_MINOR, code);

/** A weight estimate for one unit, in grams. */
export const quoteWeightSchema = z
  .number(fails('quotation/invalid_weight'))
  .int('quotation/invalid_weight')
  .min(1, 'quotation/invalid_weight')
  .max(QUOTATION_WEIGHT_MAX_GRAMS, 'quotation/invalid_weight');

/**
 * The desk's quote. For a product on another site: the seller's price for one (basePrice), and optionally
 * the domestic shipping of one to the warehouse in the same currency and an estimate of one's weight. For
 * one of our own products every field is ignored: the catalogue price applies.
 */
export const resolveQuotationSchema = z
  .object({
    /** What the store pays the seller for one, in the seller's currency; empty for one of our own products. */
    basePrice: z
      .object({
        amountMinor: amountMinorSchema('quotation/invalid_base_price', 1),
        currency: currencyCodeSchema,
      })
      .optional(),
    /** Shipping one unit to the store's warehouse, in the base price's currency; none when free. */
    domesticShippingMinor: amountMinorSchema('quotation/invalid_domestic_shipping', 0).optional(),
    weightGrams: quoteWeightSchema.optional(),
  })
  .refine((quote) => quote.domesticShippingMinor === undefined || quote.basePrice !== undefined, {
    message: 'general/missing_argument',
    path: ['basePrice'],
  });
export type ResolveQuotation = z.infer<typeof resolveQuotationSchema>;

export const declineQuotationSchema = z.object({
  reason: requiredText('quotation/invalid_decline_reason', QUOTATION_DECLINE_REASON_MAX_LENGTH),
});

/** What a quote was made from (QuoteTerms), fixed when the store quoted; the breakdown is worked out of it. */
export const quoteTermsSchema = z.object({
  sellerPrice: moneySchema,
  domesticShipping: moneySchema,
  weightGrams: z.int().nullable(),
  feePercent: z.string(),
  baseCurrency: currencyCodeSchema,
  ratesFromBase: z.record(z.string(), z.string()),
});

export const quotationStatusDataSchema = z.object({
  basePrice: moneySchema.nullable(),
  /** The price of one per price kind (region country code), fixed when the store quoted. */
  quotedPrice: z.record(z.string(), moneySchema).nullable(),
  quotedAt: z.iso.datetime().nullable(),
  /** Until when the quoted prices hold; after it the item cannot be checked out and can be asked again. */
  expiresAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
  /**
   * How the quoted price was made, for a product on another site quoted since decision 0066; null for one
   * of our products, before a quote, and for quotes given before the store kept their terms.
   */
  quoteTerms: quoteTermsSchema.nullable(),
});
export type QuotationStatusData = z.infer<typeof quotationStatusDataSchema>;

/** A quotation item named in a call's path. */

export const quotationItemSchema = z.object({
  id: z.string(),
  productSource: z.enum(PRODUCT_SOURCES),
  status: z.enum(QUOTATION_STATUSES),
  statusData: quotationStatusDataSchema,
  /** For an internal item: which of our products and which of its options. */
  productSourceData: z.object({ productId: z.string().nullable(), variantPath: z.string() }).nullable(),
  productUrl: z.string().nullable(),
  sourceMarketPlace: z.string().nullable(),
  quantity: z.int(),
  instructions: z.string(),
  name: z.string(),
  mainImage: z.string().nullable(),
  /** What the line costs in the requested region (docs/rules/quotations.md); zero until the store quotes. */
  price: moneySchema,
  /** Why it cannot be checked out now (a catalogue code), or null when it can. */
  unavailableReason: z.string().nullable(),
  marketplaceLabel: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type QuotationItem = z.infer<typeof quotationItemSchema>;

export const quotationItemsAnswerSchema = z.object({
  quotationItems: z.array(quotationItemSchema),
  /** Our products behind the internal items, priced for the requested region. */
  products: z.array(productSchema),
});

export const quotationItemAnswerSchema = z.object({
  quotationItem: quotationItemSchema,
  product: productSchema.nullable(),
});

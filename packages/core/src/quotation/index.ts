import { z } from 'zod';
import { type Product, productSchema } from '../catalogue/schemas.js';
import { isInStock } from '../catalogue/stock.js';
import type { ErrorCode } from '../errors/index.js';
import { type CurrencyCode, type Money, money, multiplyMoney, scaleMoney } from '../money/index.js';
import { fails } from '../validation/issue-codes.js';
import { currencyCodeSchema, moneySchema } from '../validation/wire.js';
import {
  QUOTATION_DECLINE_REASON_MAX_LENGTH,
  QUOTATION_INSTRUCTIONS_MAX_LENGTH,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_NAME_MAX_LENGTH,
  QUOTATION_URL_MAX_LENGTH,
} from './limits.js';

export * from './limits.js';

// Spec sections 3, 4, 5 and 9: quotation items, their statuses, availability, prices and labels.

export const QUOTATION_STATUSES = ['p', 'r', 'd'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** Spec section 4's message for each status, word for word. */
export const QUOTATION_STATUS_MESSAGES: Record<QuotationStatus, string> = {
  p: 'Quoting your product...',
  r: 'Your Quotation is here!',
  d: 'Quotation is unsuccessful.',
};

export type ProductSource = 'i' | 'e';

/** Spec section 9: 'QUOTATION', or the marketplace's name followed by ' (QUOTATION)'. */
export function marketplaceLabel(marketplace: string | null | undefined): string {
  const name = marketplace?.trim();
  return name ? `${name} (QUOTATION)` : 'QUOTATION';
}

const httpUrl = (code: ErrorCode) =>
  z
    .string(fails(code))
    .trim()
    .max(QUOTATION_URL_MAX_LENGTH, code)
    .refine((text) => isHttpUrl(text), code);

/** Whether `text` is an absolute http or https URL: the only links the store will look at. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

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
 * Spec section 5: the remote form (`from: 'r'`, a product on another site) needs productUrl, productName,
 * productQuantity, instructions and imageUrl; the local form (`from: 'l'`, one of ours) needs productRef,
 * variantPath and productQuantity. An empty imageUrl means the shopper has no picture to give.
 */
export const remoteQuotationRequestSchema = z.object({
  from: z.literal('r'),
  productUrl: httpUrl('quotation/invalid_product_url'),
  productName: z
    .string(fails('quotation/invalid_product_name'))
    .trim()
    .min(1, 'quotation/invalid_product_name')
    .max(QUOTATION_NAME_MAX_LENGTH, 'quotation/invalid_product_name'),
  productQuantity: quantitySchema,
  instructions: instructionsSchema,
  imageUrl: z.union(
    [z.literal(''), httpUrl('quotation/invalid_image_url')],
    fails('quotation/invalid_image_url'),
  ),
});

export const localQuotationRequestSchema = z.object({
  from: z.literal('l'),
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

/** Only quantity and instructions may change (spec section 5); any other key is refused, never applied. */
export const updateQuotationItemSchema = z
  .strictObject({ quantity: quantitySchema.optional(), instructions: instructionsSchema.optional() })
  .refine((update) => update.quantity !== undefined || update.instructions !== undefined, {
    message: 'general/missing_argument',
    path: ['quantity'],
  });

export const resolveQuotationSchema = z.object({
  /** What the store pays the seller for one, in the seller's currency; empty for one of our own products. */
  basePrice: z
    .object({
      amountMinor: z
        .number(fails('quotation/invalid_base_price'))
        .int('quotation/invalid_base_price')
        .min(1, 'quotation/invalid_base_price')
        .max(Number.MAX_SAFE_INTEGER, 'quotation/invalid_base_price'),
      currency: currencyCodeSchema,
    })
    .optional(),
});

export const declineQuotationSchema = z.object({
  reason: z
    .string(fails('quotation/invalid_decline_reason'))
    .trim()
    .min(1, 'quotation/invalid_decline_reason')
    .max(QUOTATION_DECLINE_REASON_MAX_LENGTH, 'quotation/invalid_decline_reason'),
});

export const quotationStatusDataSchema = z.object({
  basePrice: moneySchema.nullable(),
  /** The price of one per price kind (region country code), fixed when the store quoted. */
  quotedPrice: z.record(z.string(), moneySchema).nullable(),
  quotedAt: z.iso.datetime().nullable(),
  /** Until when the quoted prices hold; after it the item cannot be checked out and can be asked again. */
  expiresAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
});
export type QuotationStatusData = z.infer<typeof quotationStatusDataSchema>;

export const quotationItemSchema = z.object({
  id: z.string(),
  productSource: z.enum(['i', 'e']),
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
  /** What the line costs in the requested region (spec section 9); zero until the store quotes. */
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

/** GET /quotation?filter: the shopper's quotation items by where they stand. */
export const QUOTATION_FILTERS = ['all', 'pending', 'resolved', 'declined', 'expired'] as const;
export type QuotationFilter = (typeof QUOTATION_FILTERS)[number];

export type QuotationFacts = {
  productSource: ProductSource;
  status: QuotationStatus;
  expiresAt: string | Date | null;
  quantity: number;
  quotedPrice: Readonly<Record<string, Money>> | null;
};

/** Whether a resolved quote's prices no longer hold at `now`. */
export function isQuoteExpired(item: Pick<QuotationFacts, 'status' | 'expiresAt'>, now: Date): boolean {
  return (
    item.status === 'r' && item.expiresAt !== null && new Date(item.expiresAt).getTime() <= now.getTime()
  );
}

/** When a quote given at `quotedAt` stops holding. */
export function quoteExpiresAt(quotedAt: Date, validDays: number): Date {
  return new Date(quotedAt.getTime() + validDays * 86_400_000);
}

/**
 * Spec section 4: an item is unavailable while pending or declined, or when it is internal and its product
 * is missing or disabled; a quote that expired is unavailable too. The reason is a catalogue code.
 */
export function quotationUnavailableReason(
  item: Pick<QuotationFacts, 'productSource' | 'status' | 'expiresAt'>,
  product: Pick<Product, 'disabled'> | null | undefined,
  now: Date,
): ErrorCode | null {
  if (item.status === 'p') return 'quotation/pending';
  if (item.status === 'd') return 'quotation/declined';
  if (item.productSource === 'i') {
    if (!product) return 'quotation/product_not_found';
    if (product.disabled) return 'cart/product_unavailable';
  }
  if (isQuoteExpired(item, now)) return 'quotation/expired';
  return null;
}

/** Spec section 4: external items are always in stock; internal ones by the chosen variant's stock. */
export function quotationInStock(
  item: Pick<QuotationFacts, 'productSource' | 'quantity'> & { variantPath: string },
  product: Pick<Product, 'stock' | 'variantPaths'> | null | undefined,
): boolean {
  if (item.productSource === 'e') return true;
  return product ? isInStock(product, item.variantPath, item.quantity) : false;
}

/**
 * Spec section 9: an internal item costs the product's unit price times the quantity; an external one its
 * quoted price times the quantity once resolved, else zero. `priceKind` is the region's country code.
 */
export function quotationItemPrice(
  item: QuotationFacts & { variantPath: string },
  product: Pick<Product, 'price' | 'variantPaths'> | null | undefined,
  priceKind: string,
  currency: CurrencyCode,
): Money {
  if (item.productSource === 'i') {
    if (!product) throw new QuotationProductMissingError();
    const unit = product.variantPaths[item.variantPath]?.price ?? product.price;
    return multiplyMoney(unit, item.quantity);
  }
  const quoted = item.status === 'r' ? item.quotedPrice?.[priceKind] : undefined;
  return quoted ? multiplyMoney(quoted, item.quantity) : money(0, currency);
}

/** Spec section 8: an internal item whose product is gone cannot be priced. */
export class QuotationProductMissingError extends Error {
  override readonly name = 'QuotationProductMissingError';
  constructor() {
    super('product is not found for quotation item');
  }
}

/** A price kind the store quotes in: a region, its currency, and the rate from the store's base currency. */
export type QuotePriceKind = { priceKind: string; currency: CurrencyCode; rateFromBase: string };

/**
 * The store's quote for one unit: the base price plus the service fee, converted into each price kind's
 * currency through the stored rates from the base currency, rounded half-even once per kind.
 * `sourceRateFromBase` is the rate from the base currency to the base price's currency ('1' when equal).
 */
export function quotePrices(
  basePrice: Money,
  feePercent: string,
  sourceRateFromBase: string,
  kinds: readonly QuotePriceKind[],
): Record<string, Money> {
  const withFee = `${addPercent(feePercent)}`;
  return Object.fromEntries(
    kinds.map((kind) => [
      kind.priceKind,
      scaleMoney(basePrice, kind.currency, {
        times: [withFee, kind.rateFromBase],
        per: [sourceRateFromBase],
      }),
    ]),
  );
}

/** 1 + percent/100 as an exact decimal string: '10' -> '1.10', '7.5' -> '1.075'. */
function addPercent(percent: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percent.trim());
  if (!match) throw new RangeError(`Invalid fee percent: ${percent}`);
  const [, whole = '0', fraction = ''] = match;
  const scale = fraction.length + 2;
  const hundredths = BigInt(`${whole}${fraction}`) + 10n ** BigInt(scale);
  const digits = hundredths.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Spec section 3's cart-like lines: a quotation item shown among cart lines, flagged so the page and the
 * checkout can tell it apart.
 */
export type CartLikeQuotationLine = {
  type: 'quotation_internal' | 'quotation_external';
  isQuotation: true;
  item: QuotationItem;
  product: Product | null;
};

export function toCartLikeLine(item: QuotationItem, product: Product | null): CartLikeQuotationLine {
  return {
    type: item.productSource === 'i' ? 'quotation_internal' : 'quotation_external',
    isQuotation: true,
    item,
    product,
  };
}

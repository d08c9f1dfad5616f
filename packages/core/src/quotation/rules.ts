import type { Product } from '../catalogue/schemas.js';
import { isInStock } from '../catalogue/stock.js';
import type { ErrorCode } from '../errors/index.js';
import { type CurrencyCode, type Money, money, multiplyMoney } from '../money/index.js';
import { codeValues } from '../validation/wire-codes.js';
import type { QuotationItem } from './schemas.js';

// docs/rules/quotations.md: quotation statuses, availability, prices and labels, without the validation
// library, so the pages that show quotations load only these.

export const QUOTATION_STATUS = { pending: 'p', resolved: 'r', declined: 'd' } as const;
export type QuotationStatus = (typeof QUOTATION_STATUS)[keyof typeof QUOTATION_STATUS];
export const QUOTATION_STATUSES = codeValues(QUOTATION_STATUS);

/** The message for each status, word for word (docs/rules/quotations.md). */
export const QUOTATION_STATUS_MESSAGES: Record<QuotationStatus, string> = {
  [QUOTATION_STATUS.pending]: 'Quoting your product...',
  [QUOTATION_STATUS.resolved]: 'Your Quotation is here!',
  [QUOTATION_STATUS.declined]: 'Quotation is unsuccessful.',
};

export const PRODUCT_SOURCE = { internal: 'i', external: 'e' } as const;
export type ProductSource = (typeof PRODUCT_SOURCE)[keyof typeof PRODUCT_SOURCE];
export const PRODUCT_SOURCES = codeValues(PRODUCT_SOURCE);

/** Which form a quotation request comes in: a product on another site, or one of ours. */
export const QUOTATION_REQUEST_FROM = { remote: 'r', local: 'l' } as const;

/** docs/rules/quotations.md: 'QUOTATION', or the marketplace's name followed by ' (QUOTATION)'. */
export function marketplaceLabel(marketplace: string | null | undefined): string {
  const name = marketplace?.trim();
  return name ? `${name}${QUOTATION_SUFFIX}` : 'QUOTATION';
}

const QUOTATION_SUFFIX = ' (QUOTATION)';

/**
 * A marketplace label (marketplaceLabel's, or a catalogue item's marketplace) as a shopper reads it:
 * "Quoted from Amazon", "Quoted item" when the page named no marketplace, a catalogue marketplace as it is.
 * The label stays the wire value; screens show these words.
 */
export function marketplaceWords(label: string): string {
  if (label === 'QUOTATION') return 'Quoted item';
  if (!label.endsWith(QUOTATION_SUFFIX)) return label;
  const name = label.slice(0, -QUOTATION_SUFFIX.length).trim();
  return name ? `Quoted from ${name}` : 'Quoted item';
}

/** Whether `text` is an absolute http or https URL: the only links the store will look at. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

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
    item.status === QUOTATION_STATUS.resolved &&
    item.expiresAt !== null &&
    new Date(item.expiresAt).getTime() <= now.getTime()
  );
}

/** When a quote given at `quotedAt` stops holding. */
export function quoteExpiresAt(quotedAt: Date, validDays: number): Date {
  return new Date(quotedAt.getTime() + validDays * 86_400_000);
}

/**
 * docs/rules/quotations.md: an item is unavailable while pending or declined, or when it is internal and its product
 * is missing or disabled; a quote that expired is unavailable too. The reason is a catalogue code.
 */
export function quotationUnavailableReason(
  item: Pick<QuotationFacts, 'productSource' | 'status' | 'expiresAt'>,
  product: Pick<Product, 'disabled'> | null | undefined,
  now: Date,
): ErrorCode | null {
  if (item.status === QUOTATION_STATUS.pending) return 'quotation/pending';
  if (item.status === QUOTATION_STATUS.declined) return 'quotation/declined';
  if (item.productSource === PRODUCT_SOURCE.internal) {
    if (!product) return 'quotation/product_not_found';
    if (product.disabled) return 'cart/product_unavailable';
  }
  if (isQuoteExpired(item, now)) return 'quotation/expired';
  return null;
}

/** What a shopper may change on a quotation item (docs/rules/quotations.md); a field left out stays as it is. */
export type QuotationRequestChange = { quantity?: number | undefined; instructions?: string | undefined };

/** Where an item stands and what it asks the store to quote. */
export type QuotationItemRequest = { status: QuotationStatus; quantity: number; instructions: string };

/**
 * What an item asks for after the shopper's change, or null when the change leaves the quantity and the
 * instructions as they were. A changed item is pending whatever it was: the store's quote or refusal
 * answered the request as it stood, so a new request needs a new answer. `dropsAnswer` says whether an
 * answer (a quote, or a refusal) is given up by the change.
 */
export function changeQuotationRequest(
  item: QuotationItemRequest,
  change: QuotationRequestChange,
): (QuotationItemRequest & { status: typeof QUOTATION_STATUS.pending; dropsAnswer: boolean }) | null {
  const quantity = change.quantity ?? item.quantity;
  const instructions = change.instructions ?? item.instructions;
  if (quantity === item.quantity && instructions === item.instructions) return null;
  return {
    status: QUOTATION_STATUS.pending,
    quantity,
    instructions,
    dropsAnswer: item.status !== QUOTATION_STATUS.pending,
  };
}

/** docs/rules/catalogue-and-regions.md: external items are always in stock; internal ones by the chosen variant's stock. */
export function quotationInStock(
  item: Pick<QuotationFacts, 'productSource' | 'quantity'> & { variantPath: string },
  product: Pick<Product, 'stock' | 'variantPaths'> | null | undefined,
): boolean {
  if (item.productSource === PRODUCT_SOURCE.external) return true;
  return product ? isInStock(product, item.variantPath, item.quantity) : false;
}

/**
 * docs/rules/quotations.md: an internal item costs the product's unit price times the quantity; an external one its
 * quoted price times the quantity once resolved, else zero. `priceKind` is the region's country code.
 */
export function quotationItemPrice(
  item: QuotationFacts & { variantPath: string },
  product: Pick<Product, 'price' | 'variantPaths'> | null | undefined,
  priceKind: string,
  currency: CurrencyCode,
): Money {
  if (item.productSource === PRODUCT_SOURCE.internal) {
    if (!product) throw new QuotationProductMissingError();
    const unit = product.variantPaths[item.variantPath]?.price ?? product.price;
    return multiplyMoney(unit, item.quantity);
  }
  const quoted = item.status === QUOTATION_STATUS.resolved ? item.quotedPrice?.[priceKind] : undefined;
  return quoted ? multiplyMoney(quoted, item.quantity) : money(0, currency);
}

/** docs/rules/api-and-errors.md: an internal item whose product is gone cannot be priced. */
export class QuotationProductMissingError extends Error {
  override readonly name = 'QuotationProductMissingError';
  constructor() {
    super('product is not found for quotation item');
  }
}

/**
 * The cart-like lines of docs/rules/cart-and-checkout.md: a quotation item shown among cart lines, flagged so the page and the
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
    type: item.productSource === PRODUCT_SOURCE.internal ? 'quotation_internal' : 'quotation_external',
    isQuotation: true,
    item,
    product,
  };
}

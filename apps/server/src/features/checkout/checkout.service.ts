import { variantLabel as labelOfVariant, type Product } from '@crossbuy/core/catalogue';
import { formatStoreDate } from '@crossbuy/core/dates';
import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import {
  DEFAULT_ITEM_WEIGHT_GRAMS,
  goodsRefusal,
  lineTotal,
  type OrderLineCapture,
} from '@crossbuy/core/order';
import { marketplaceLabel, PRODUCT_SOURCE, quotationUnavailableReason } from '@crossbuy/core/quotation';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { cartItemsWithShippableProducts } from '../cart/cart.service.js';
import { shippableProductsFromTables } from '../catalogue/products.service.js';
import type { OrderLineDraft } from '../orders/order-line-draft.js';
import { type QuotationItemRow, quotationItems } from '../quotations/quotations.table.js';
import { quoteTermsOf } from '../quotations/quote-terms.service.js';
import type { PricingRegion } from '../regions/pricing.js';

// Checkout and quotation checkout (docs/rules/cart-and-checkout.md), one step after another: the lines the shopper
// chose, read and priced now (here); a session that keeps them (checkout-sessions.ts); the choices that price them
// (checkout-pricing.ts); the estimate (cost-estimate.ts) and placing the order (place-order.ts). An estimate and
// the order take the same steps, so the total shown is the total charged.

export type CheckoutSelection = { cartItemIds: readonly string[]; quotationItemIds: readonly string[] };

function unitPriceOf(product: Product, variantPath: string): Money {
  return Object.hasOwn(product.variantPaths, variantPath)
    ? (product.variantPaths[variantPath]?.price ?? product.price)
    : product.price;
}

function captureOf(
  product: Product | null,
  fields: Partial<OrderLineCapture> & Pick<OrderLineCapture, 'name' | 'unitPrice'>,
): OrderLineCapture {
  return {
    mainImage: product?.mainImage ?? null,
    paramName: product?.paramName ?? null,
    variantLabel: null,
    merchantName: product?.merchant.name ?? null,
    sourceMarketPlace: product?.sourceMarketPlace ?? null,
    productUrl: null,
    ...fields,
  };
}

function quotationRefusal(row: QuotationItemRow, product: Product | null, now: Date): AppError | null {
  const reason = quotationUnavailableReason(row, product, now);
  if (!reason) return null;
  if (reason === 'quotation/expired')
    return new AppError(reason, [row.expiresAt ? formatStoreDate(row.expiresAt) : '']);
  if (reason === 'cart/product_unavailable') return new AppError('checkout/item_unavailable', [row.name]);
  return new AppError(reason, [row.name]);
}

/**
 * The shopper's chosen lines, priced in `region` from the tables now. Another shopper's line, or one gone,
 * is refused as not found; a line that cannot be bought (a product off sale, a quote expired, pending or
 * declined) is refused with its reason, and lines whose goods come to more than one order can be are
 * refused together. Runs inside the caller's transaction when given one.
 */
export async function loadCheckoutLines(
  db: Database,
  userId: string,
  selection: CheckoutSelection,
  region: PricingRegion,
  now = new Date(),
): Promise<OrderLineDraft[]> {
  const cartIds = [...new Set(selection.cartItemIds)];
  const quotationIds = [...new Set(selection.quotationItemIds)];
  const badCart = cartIds.find((id) => !isUuid(id));
  if (badCart !== undefined) throw new AppError('cart/not_found', [badCart]);
  const badQuotation = quotationIds.find((id) => !isUuid(id));
  if (badQuotation !== undefined) throw new AppError('quotation/not_found', [badQuotation]);

  const [cartLines, quotationRows] = await Promise.all([
    cartItemsWithShippableProducts(db, userId, cartIds, region),
    quotationIds.length === 0
      ? []
      : db
          .select()
          .from(quotationItems)
          .where(
            and(
              eq(quotationItems.userId, userId),
              inArray(quotationItems.id, quotationIds),
              isNull(quotationItems.orderedAt),
            ),
          ),
  ]);
  const cartRows = cartLines.map(({ line }) => line);
  const missingCart = cartIds.find((id) => !cartRows.some((row) => row.id === id));
  if (missingCart !== undefined) throw new AppError('cart/not_found', [missingCart]);
  const missingQuotation = quotationIds.find((id) => !quotationRows.some((row) => row.id === id));
  if (missingQuotation !== undefined) throw new AppError('quotation/not_found', [missingQuotation]);

  const quotedProductIds = [
    ...new Set(quotationRows.flatMap((row) => (row.productId ? [row.productId] : []))),
  ].filter((id) => !cartLines.some(({ shippable }) => shippable.product.uuid === id));
  const shippable = [
    ...cartLines.map((line) => line.shippable),
    ...(await shippableProductsFromTables(db, quotedProductIds, region)),
  ];
  const byId = new Map(shippable.map(({ product }) => [product.uuid, product]));
  const facts = new Map(shippable.map((entry) => [entry.product.uuid, entry]));

  const lines: OrderLineDraft[] = [];
  for (const row of cartRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const product = byId.get(row.productId);
    if (!product || product.disabled)
      throw new AppError('checkout/item_unavailable', [product?.name ?? row.id]);
    const unitPrice = unitPriceOf(product, row.variantPath);
    const label = labelOfVariant(product.variants, row.variantPath);
    lines.push({
      source: 'cart',
      id: row.id,
      productId: product.uuid,
      variantPath: row.variantPath,
      name: product.name,
      mainImage: product.mainImage,
      variantLabel: label,
      marketplaceLabel: null,
      quantity: row.quantity,
      unitPrice,
      total: lineTotal({ unitPrice, quantity: row.quantity }),
      message: row.message,
      quoteTerms: null,
      quoteExpiresAt: null,
      weightGrams: facts.get(product.uuid)?.weightGrams ?? DEFAULT_ITEM_WEIGHT_GRAMS,
      originCountry: facts.get(product.uuid)?.originCountry ?? null,
      stock: { productId: product.uuid, variantPath: row.variantPath, name: product.name },
      capture: captureOf(product, { name: product.name, variantLabel: label, unitPrice }),
    });
  }
  for (const row of quotationRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const product = row.productId ? (byId.get(row.productId) ?? null) : null;
    const refusal = quotationRefusal(row, product, now);
    if (refusal) throw refusal;
    const internal = row.productSource === PRODUCT_SOURCE.internal && product !== null;
    const unitPrice = internal
      ? unitPriceOf(product, row.variantPath)
      : row.quotedPrice?.[region.countryCode];
    if (!unitPrice || unitPrice.currency !== region.currency) {
      throw new AppError('checkout/item_unavailable', [row.name]);
    }
    const label = internal ? labelOfVariant(product.variants, row.variantPath) : null;
    lines.push({
      source: internal ? 'quotation_internal' : 'quotation_external',
      id: row.id,
      productId: row.productId,
      variantPath: row.variantPath,
      name: row.name,
      mainImage: row.mainImage,
      variantLabel: label,
      marketplaceLabel: marketplaceLabel(row.sourceMarketPlace),
      quantity: row.quantity,
      unitPrice,
      total: lineTotal({ unitPrice, quantity: row.quantity }),
      message: row.instructions,
      quoteTerms: internal ? null : quoteTermsOf(row),
      // An item of the catalogue costs what the catalogue asks now; only a price quoted from abroad is locked.
      quoteExpiresAt: internal ? null : (row.expiresAt?.toISOString() ?? null),
      // An item from another site weighs what the desk estimated when it quoted, if it did.
      weightGrams:
        (internal ? facts.get(product.uuid)?.weightGrams : row.weightGrams) || DEFAULT_ITEM_WEIGHT_GRAMS,
      originCountry: internal ? (facts.get(product.uuid)?.originCountry ?? null) : null,
      stock: internal ? { productId: product.uuid, variantPath: row.variantPath, name: row.name } : null,
      capture: captureOf(internal ? product : null, {
        name: row.name,
        mainImage: row.mainImage,
        variantLabel: label,
        sourceMarketPlace: row.sourceMarketPlace,
        productUrl: row.productUrl,
        unitPrice,
      }),
    });
  }
  const tooLarge = goodsRefusal(lines, region.currency);
  if (tooLarge) throw new AppError(tooLarge.code, tooLarge.params);
  return lines;
}

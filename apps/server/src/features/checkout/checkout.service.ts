import { getCountryAddressData } from '@crossbuy/core/address';
import { variantLabel as labelOfVariant, type Product } from '@crossbuy/core/catalogue';
import { formatStoreDate } from '@crossbuy/core/dates';
import { AppError, formatErrorMessage } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import {
  availablePaymentMethods,
  type CheckoutLine,
  type CheckoutSession,
  type CheckoutSessionRequest,
  type CostBreakdown,
  type CostEstimate,
  computeCosts,
  DEFAULT_ITEM_WEIGHT_GRAMS,
  goodsRefusal,
  lineTotal,
  newCheckoutRefusal,
  type OrderAddress,
  type OrderLineCapture,
  PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PaymentSetup,
  type Refusal,
  type ShippingRule,
} from '@crossbuy/core/order';
import { marketplaceLabel, PRODUCT_SOURCE, quotationUnavailableReason } from '@crossbuy/core/quotation';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { asOwner } from '../../db/as-owner.js';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isUuid } from '../../lib/ids.js';
import { randomToken } from '../../lib/secrets.js';
import { type AddressRow, addresses } from '../addresses/addresses.table.js';
import { cartItemsWithShippableProducts } from '../cart/cart.service.js';
import { shippableProductsFromTables } from '../catalogue/products.service.js';
import { type ShopperLimitRules, throwIfRefused } from '../orders/order-limits.js';
import type { OrderLineDraft } from '../orders/order-line-draft.js';
import { type QuotationItemRow, quotationItems } from '../quotations/quotations.table.js';
import { quoteTermsOf } from '../quotations/quote-terms.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { shippingLocations, shippingRates, taxRates } from '../settings/shipping.table.js';
import { readStoreSettings } from '../settings/store-settings.service.js';
import { UNCOUNTED_CHECK, type VoucherCodeCheck } from '../vouchers/voucher-limits.js';
import { usableVoucher, voucherTerms } from '../vouchers/vouchers.service.js';
import type { VoucherRow } from '../vouchers/vouchers.table.js';
import { type CheckoutSessionRow, checkoutSessions } from './checkout.table.js';

// Checkout and quotation checkout (docs/rules/cart-and-checkout.md): what the shopper chose, priced now. The same steps price
// an estimate and the order itself, so the total shown is the total charged.

export type CheckoutSelection = { cartItemIds: readonly string[]; quotationItemIds: readonly string[] };

/** What the store has set up to take payments (core PaymentSetup), and the card surcharge. */
export type PaymentOptions = { setup: PaymentSetup; cardFeePercent: string };

function paymentFeePercent(method: PaymentMethod | null, options: PaymentOptions): string {
  return method === PAYMENT_METHOD.card || method === PAYMENT_METHOD.testCard ? options.cardFeePercent : '0';
}

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

export type CheckoutChoices = {
  voucherCode?: string | undefined;
  paymentMethod?: PaymentMethod | undefined;
  shippingAddressId?: string | undefined;
};

export type PricedCheckout = {
  breakdown: CostBreakdown;
  voucher: VoucherRow | null;
  /** The voucher code given, and the AppError that refused it. */
  voucherRefusal: AppError | null;
  shippingAddress: AddressRow | null;
  paymentMethods: PaymentMethod[];
};

type TaxRateRow = typeof taxRates.$inferSelect;

const addressWithDeliveryRules = builtOnce('checkout_delivery_to', (db) =>
  db
    .select({ address: addresses, rate: shippingRates, tax: taxRates })
    .from(addresses)
    .leftJoin(
      shippingLocations,
      and(eq(shippingLocations.countryCode, addresses.country), eq(shippingLocations.enabled, true)),
    )
    .leftJoin(shippingRates, eq(shippingRates.shippingLocationId, shippingLocations.id))
    .leftJoin(taxRates, eq(taxRates.countryCode, sql.placeholder('countryCode')))
    .where(
      and(eq(addresses.id, sql.placeholder('addressId')), eq(addresses.userId, sql.placeholder('userId'))),
    ),
);

/**
 * The shopper's address, the store's delivery rules to its country (none when the store does not deliver
 * there) and the tax of the region the order is priced in, in one query; address/not_found for anyone else's
 * address.
 */
async function deliveryTo(
  db: Database,
  userId: string,
  addressId: string,
  region: PricingRegion,
): Promise<{ address: AddressRow; rules: ShippingRule[]; tax: TaxRateRow | undefined }> {
  if (!isUuid(addressId)) throw new AppError('address/not_found');
  const rows = await addressWithDeliveryRules(db, { addressId, userId, countryCode: region.countryCode });
  const [first] = rows;
  if (!first) throw new AppError('address/not_found');
  return {
    address: first.address,
    tax: first.tax ?? undefined,
    rules: rows.flatMap(({ rate }) =>
      rate
        ? [
            {
              originCountry: rate.originCountry,
              method: rate.method,
              baseFee: { amountMinor: rate.baseFeeMinor, currency: rate.currency },
              stepFee: { amountMinor: rate.stepFeeMinor, currency: rate.currency },
              stepGrams: rate.stepGrams,
              freeAbove:
                rate.freeAboveMinor === null
                  ? null
                  : { amountMinor: rate.freeAboveMinor, currency: rate.currency },
            },
          ]
        : [],
    ),
  };
}

/**
 * Prices lines with the shopper's choices. A voucher that does not apply and an address the store does not
 * deliver to are reported, not thrown, so an estimate can still show the rest; an order refuses them.
 * `checkCode` counts the voucher code's look-up against the shopper's guesses; a guess the limits refuse
 * is reported like a voucher that does not apply.
 */
export async function priceCheckout(
  db: Database,
  userId: string,
  lines: readonly OrderLineDraft[],
  choices: CheckoutChoices,
  region: PricingRegion,
  options: PaymentOptions,
  checkCode: VoucherCodeCheck = UNCOUNTED_CHECK,
): Promise<PricedCheckout> {
  const paymentMethods = availablePaymentMethods(region.currency, options.setup);
  const method = choices.paymentMethod ?? null;
  if (method !== null && !paymentMethods.includes(method)) {
    throw new AppError('checkout/payment_method_unavailable', [PAYMENT_METHOD_LABELS[method]]);
  }
  const delivery = choices.shippingAddressId
    ? await deliveryTo(db, userId, choices.shippingAddressId, region)
    : null;
  const shippingAddress = delivery?.address ?? null;
  const [tax] = delivery
    ? [delivery.tax]
    : await db.select().from(taxRates).where(eq(taxRates.countryCode, region.countryCode));

  let voucher: VoucherRow | null = null;
  let voucherRefusal: AppError | null = null;
  const { voucherCode } = choices;
  if (voucherCode) {
    try {
      voucher = await checkCode(() =>
        usableVoucher(db, voucherCode, userId, {
          regionCountryCode: region.countryCode,
          paymentMethod: method,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      voucherRefusal = error;
    }
  }

  const breakdown = computeCosts({
    currency: region.currency,
    rateFromBase: region.rate,
    lines,
    shipping: delivery ? { destination: countryName(delivery.address.country), rules: delivery.rules } : null,
    tax: tax ? { name: tax.name, ratePercent: tax.ratePercent, inclusive: tax.inclusive } : null,
    voucher: voucher ? voucherTerms(voucher) : null,
    paymentFeePercent: paymentFeePercent(method, options),
  });
  if (breakdown.voucherRefusal) {
    voucherRefusal = new AppError(breakdown.voucherRefusal.code, breakdown.voucherRefusal.params);
    voucher = null;
  }
  return { breakdown, voucher, voucherRefusal, shippingAddress, paymentMethods };
}

function countryName(code: string): string {
  return getCountryAddressData(code)?.displayValue ?? code;
}

function toRefusal(error: { code: Refusal['code']; params: readonly (string | number)[] }) {
  return {
    code: error.code,
    params: error.params.map(String),
    message: formatErrorMessage(error.code, error.params),
  };
}

/** The estimate's wire shape (core costEstimateSchema). */
export function toCostEstimate(
  region: PricingRegion,
  lines: readonly OrderLineDraft[],
  priced: PricedCheckout,
  voucherCode: string | undefined,
  options: PaymentOptions,
): CostEstimate {
  const { breakdown } = priced;
  return {
    regionCountryCode: region.countryCode,
    currency: region.currency,
    lines: lines.map(toCheckoutLine),
    subtotal: breakdown.subtotal,
    discount: breakdown.discount,
    shippingFee: breakdown.shippingFee,
    paymentFee: breakdown.paymentFee,
    tax: breakdown.tax,
    total: breakdown.total,
    voucher: voucherCode
      ? {
          code: voucherCode.trim().toUpperCase(),
          refusal: priced.voucherRefusal ? toRefusal(priced.voucherRefusal) : null,
        }
      : null,
    shippingRefusal: breakdown.shippingRefusal ? toRefusal(breakdown.shippingRefusal) : null,
    totalRefusal: breakdown.totalRefusal ? toRefusal(breakdown.totalRefusal) : null,
    paymentMethods: priced.paymentMethods.map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      feePercent: paymentFeePercent(method, options),
    })),
  };
}

export function toCheckoutLine(line: OrderLineDraft): CheckoutLine {
  return {
    source: line.source,
    id: line.id,
    productId: line.productId,
    variantPath: line.variantPath,
    name: line.name,
    mainImage: line.mainImage,
    variantLabel: line.variantLabel,
    marketplaceLabel: line.marketplaceLabel,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: line.total,
    message: line.message,
    quoteTerms: line.quoteTerms,
    quoteExpiresAt: line.quoteExpiresAt,
  };
}

/** The address as the order keeps it. */
export function orderAddressOf(row: AddressRow): OrderAddress {
  return {
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    unitNumber: row.unitNumber,
    postalCode: row.postalCode,
    country: row.country,
    state: row.state,
    city: row.city,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Checkout sessions

export function toCheckoutSession(row: CheckoutSessionRow): CheckoutSession {
  return {
    key: row.key,
    cartItemIds: row.cartItemIds,
    quotationItemIds: row.quotationItemIds,
    expiresAt: row.expiresAt.toISOString(),
    orderId: row.orderId,
  };
}

/**
 * Refuses another checkout session while the shopper has as many open (neither expired nor used for an
 * order) as allowed (docs/decisions/0058). Runs in the transaction that writes the session, holding the
 * shopper's row lock.
 */
async function assertRoomForCheckout(tx: Database, userId: string, rules: ShopperLimitRules): Promise<void> {
  const limits = await readStoreSettings(tx, rules.storeDefaults);
  const [row] = await queryRows<{ endsAtMs: number }>(
    tx,
    sql`SELECT (extract(epoch FROM expires_at) * 1000)::float8 AS "endsAtMs" FROM ${checkoutSessions}
         WHERE user_id = ${userId} AND order_id IS NULL AND expires_at > now()
         ORDER BY expires_at DESC OFFSET ${limits.maxOpenCheckouts - 1} LIMIT 1`,
  );
  throwIfRefused(newCheckoutRefusal(limits, row ? new Date(row.endsAtMs) : null, new Date()));
}

/**
 * Starts a checkout of the shopper's own, buyable lines; refused with the first line's reason otherwise,
 * or while the shopper has as many checkouts open as allowed. Counted and written under the shopper's row
 * lock, so a burst of parallel starts cannot pass the limit.
 */
export async function createCheckoutSession(
  db: Database,
  userId: string,
  selection: CheckoutSessionRequest,
  region: PricingRegion,
  rules: ShopperLimitRules & { sessionMinutes: number },
): Promise<CheckoutSessionRow> {
  return asOwner(db, userId, async (tx) => {
    await loadCheckoutLines(tx, userId, selection, region);
    await assertRoomForCheckout(tx, userId, rules);
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        key: randomToken(),
        userId,
        cartItemIds: [...new Set(selection.cartItemIds)],
        quotationItemIds: [...new Set(selection.quotationItemIds)],
        expiresAt: new Date(Date.now() + rules.sessionMinutes * 60_000),
      })
      .returning();
    if (!row) throw new Error('The checkout session was not written');
    return row;
  });
}

/**
 * The shopper's session by its key; another shopper's key is not found. An expired session is refused
 * unless it already placed its order, which a retried submission must still find.
 */
export async function ownCheckoutSession(
  db: Database,
  userId: string,
  key: string,
): Promise<CheckoutSessionRow> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId)));
  return usableCheckoutSession(row);
}

/**
 * The shopper's session as read by its key (undefined: unknown, or another shopper's), or the refusal: not
 * found, or expired without having placed its order.
 */
export function usableCheckoutSession<Session extends Pick<CheckoutSessionRow, 'orderId' | 'expiresAt'>>(
  row: Session | undefined,
): Session {
  if (!row) throw new AppError('checkout/not_found');
  if (row.orderId === null && row.expiresAt <= new Date()) throw new AppError('checkout/session_expired');
  return row;
}

export async function deleteCheckoutSession(db: Database, userId: string, key: string): Promise<boolean> {
  const deleted = await db
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId)))
    .returning({ key: checkoutSessions.key });
  return deleted.length > 0;
}

/**
 * Sessions a day past their end, for the clean-up. The order a session placed keeps its key, so a retried
 * submission after that finds no session rather than a second order.
 */
export const staleCheckoutSessions = sql`${checkoutSessions.expiresAt} < now() - interval '1 day'`;

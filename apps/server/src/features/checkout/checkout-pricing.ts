import { getCountryAddressData } from '@crossbuy/core/address';
import { AppError } from '@crossbuy/core/errors';
import {
  availablePaymentMethods,
  type CostBreakdown,
  computeCosts,
  PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PaymentSetup,
  type ShippingRule,
} from '@crossbuy/core/order';
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { type AddressRow, addresses } from '../addresses/addresses.table.js';
import type { OrderLineDraft } from '../orders/order-line-draft.js';
import type { PricingRegion } from '../regions/pricing.js';
import { shippingLocations, shippingRates, taxRates } from '../settings/shipping.table.js';
import { UNCOUNTED_CHECK, type VoucherCodeCheck } from '../vouchers/voucher-limits.js';
import { usableVoucher, voucherTerms } from '../vouchers/vouchers.service.js';
import type { VoucherRow } from '../vouchers/vouchers.table.js';

// Pricing the lines of a checkout (docs/rules/cart-and-checkout.md) with the shopper's choices: delivery to
// the chosen address, the region's tax, the voucher and the payment method's fee. An estimate and the order
// are priced by the same steps, so the total shown is the total charged.

/** What the store has set up to take payments (core PaymentSetup), and the card surcharge. */
export type PaymentOptions = { setup: PaymentSetup; cardFeePercent: string };

export function paymentFeePercent(method: PaymentMethod | null, options: PaymentOptions): string {
  return method === PAYMENT_METHOD.card || method === PAYMENT_METHOD.testCard ? options.cardFeePercent : '0';
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

import { formatErrorMessage } from '@crossbuy/core/errors';
import {
  type CheckoutLine,
  type CostEstimate,
  PAYMENT_METHOD_LABELS,
  type Refusal,
} from '@crossbuy/core/order';
import type { OrderLineDraft } from '../orders/order-line-draft.js';
import type { PricingRegion } from '../regions/pricing.js';
import { type PaymentOptions, type PricedCheckout, paymentFeePercent } from './checkout-pricing.js';

// The estimate a shopper sees before placing the order, in its wire shape (core costEstimateSchema).

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

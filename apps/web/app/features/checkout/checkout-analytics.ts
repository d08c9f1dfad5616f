import type { CheckoutLine, CostEstimate, Order } from '@crossbuy/core/order';
import { type AnalyticsItem, track } from '../../lib/analytics';
import { majorUnits } from '../../lib/product-analytics';

// The checkout events of docs/rules/money-dates-and-limits.md. A quotation line for something outside our catalogue has no product, so
// it is named by its quotation item.

function lineItem(line: CheckoutLine): AnalyticsItem {
  const item: AnalyticsItem = {
    item_id: line.productId ?? line.id,
    item_name: line.name,
    price: majorUnits(line.unitPrice),
    quantity: line.quantity,
  };
  if (line.variantLabel) item.item_variant = line.variantLabel;
  if (line.marketplaceLabel) item.item_category = line.marketplaceLabel;
  return item;
}

/** The voucher that gives a discount now, as the coupon events carry. */
function couponOf(estimate: CostEstimate): { coupon?: string } {
  return estimate.voucher && !estimate.voucher.refusal ? { coupon: estimate.voucher.code } : {};
}

function estimateParams(estimate: CostEstimate) {
  return {
    currency: estimate.total.currency,
    value: majorUnits(estimate.total),
    items: estimate.lines.map(lineItem),
    ...couponOf(estimate),
  };
}

export function trackBeginCheckout(estimate: CostEstimate): void {
  track('begin_checkout', estimateParams(estimate));
}

export function trackShippingInfo(estimate: CostEstimate): void {
  track('add_shipping_info', estimateParams(estimate));
}

/** Recorded once the store has placed the order: its reference is the transaction id. */
export function trackPurchase(order: Order): void {
  track('purchase', {
    transaction_id: order.orderRef,
    currency: order.total.currency,
    value: majorUnits(order.total),
    tax: majorUnits(order.taxFee),
    shipping: majorUnits(order.shippingFee),
    ...(order.voucherCode ? { coupon: order.voucherCode } : {}),
    items: order.lines.map((line) => {
      const item: AnalyticsItem = {
        item_id: line.productId ?? line.quotationItemId ?? line.id,
        item_name: line.capture.name,
        price: majorUnits(line.unitPrice),
        quantity: line.quantity,
      };
      if (line.capture.merchantName) item.item_brand = line.capture.merchantName;
      if (line.capture.variantLabel) item.item_variant = line.capture.variantLabel;
      return item;
    }),
  });
}

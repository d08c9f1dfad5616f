import type { CheckoutLine, CostLine, OrderLineCapture } from '@crossbuy/core/order';

/**
 * A line ready to price and to order: what the shopper sees, plus what delivery and stock need. Checkout
 * drafts the lines; an order takes its stock and limits from them and is written with them.
 */
export type OrderLineDraft = CheckoutLine &
  CostLine & {
    /** The stock this line takes: a product, and its variant path ('' for a product without variants). */
    stock: { productId: string; variantPath: string; name: string } | null;
    capture: OrderLineCapture;
  };

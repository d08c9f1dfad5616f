import type { Refusal } from './costs.js';

// How much of the store one shopper may hold at once (docs/decisions/0058). An unpaid order holds its stock
// for its payment time and a checkout session is a stored row, so without these one account could hold all
// of an item, keep it by cancelling and ordering again, and store sessions without end.

/** The store settings that bound one shopper. */
export type ShopperLimits = {
  /** Orders waiting for payment at once. */
  maxUnpaidOrders: number;
  /** Units of one item (a product, or one variant of a product with variants) in orders waiting for payment. */
  maxUnitsHeldPerItem: number;
  /** Orders placed in any hour, whatever became of them since. */
  maxOrdersPerHour: number;
  /** Checkout sessions neither expired nor used for an order. */
  maxOpenCheckouts: number;
};

/** The span `maxOrdersPerHour` counts over. */
export const ORDER_COUNT_WINDOW_MS = 60 * 60_000;

/** What an order line takes from stock: the item as stock counts it, and how many. */
export type ItemTaken = { productId: string; variantPath: string; name: string; quantity: number };

export type ShopperOrders = {
  unpaidOrders: number;
  /**
   * When the shopper placed their `maxOrdersPerHour`-th latest order (null with fewer orders): while it is
   * less than an hour old, that many orders fall within the hour, and it is the next to leave it.
   */
  nthLatestPlacedAt: Date | null;
  /** Units of an item in the shopper's unpaid orders. */
  unitsHeld: (productId: string, variantPath: string) => number;
};

const minutesUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 60_000));

/**
 * Why the shopper may not place an order taking `taken` now, or null. Unpaid orders are told first, as
 * paying for or cancelling one is what the shopper can do about it; then the hourly count, with how long
 * to wait; then the first item that would take the shopper past what one shopper may hold of it.
 */
export function newOrderRefusal(
  limits: ShopperLimits,
  orders: ShopperOrders,
  taken: readonly ItemTaken[],
  now: Date,
): Refusal | null {
  if (orders.unpaidOrders >= limits.maxUnpaidOrders) {
    return { code: 'checkout/too_many_unpaid_orders', params: [limits.maxUnpaidOrders] };
  }
  const countedUntil =
    orders.nthLatestPlacedAt === null ? null : orders.nthLatestPlacedAt.getTime() + ORDER_COUNT_WINDOW_MS;
  if (countedUntil !== null && countedUntil > now.getTime()) {
    return {
      code: 'checkout/too_many_orders',
      params: [limits.maxOrdersPerHour, minutesUntil(countedUntil, now)],
    };
  }
  const wanted = new Map<string, ItemTaken>();
  for (const item of taken) {
    const key = `${item.productId}|${item.variantPath}`;
    const earlier = wanted.get(key);
    wanted.set(key, earlier ? { ...earlier, quantity: earlier.quantity + item.quantity } : item);
  }
  for (const item of wanted.values()) {
    const held = orders.unitsHeld(item.productId, item.variantPath);
    if (held + item.quantity > limits.maxUnitsHeldPerItem) {
      return { code: 'checkout/too_many_units_held', params: [item.name, limits.maxUnitsHeldPerItem, held] };
    }
  }
  return null;
}

/**
 * Why the shopper may not start another checkout now, or null. `nthLatestEndsAt` is when the shopper's
 * open checkout ending `maxOpenCheckouts`-th latest ends (null with fewer open): until then that many are
 * open, and it is the next to end.
 */
export function newCheckoutRefusal(
  limits: ShopperLimits,
  nthLatestEndsAt: Date | null,
  now: Date,
): Refusal | null {
  if (nthLatestEndsAt === null || nthLatestEndsAt <= now) return null;
  return {
    code: 'checkout/too_many_sessions',
    params: [limits.maxOpenCheckouts, minutesUntil(nthLatestEndsAt.getTime(), now)],
  };
}

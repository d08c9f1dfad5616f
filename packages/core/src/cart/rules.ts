import { isInStock, linePrice, type StockedProduct } from '../catalogue/stock.js';
import { type CurrencyCode, type Money, sumMoney } from '../money/index.js';
import { CART_MAX_QUANTITY } from './limits.js';

// docs/rules/cart-and-checkout.md: the rules of cart lines and of the shopper's checkout selection.

/** The stock rule (docs/rules/catalogue-and-regions.md), read for one cart line. */
export function cartLineInStock(product: StockedProduct, variantPath: string, quantity: number): boolean {
  return isInStock(product, variantPath, quantity);
}

/** Why a quantity was changed to fit: below one, above what one line may hold, or above the stock. */
export type QuantityLimit = 'fewest' | 'most' | 'stock';
export type FittedQuantity = { quantity: number; limit: QuantityLimit | null };

/**
 * The quantity a shopper typed, brought within 1 to CART_MAX_QUANTITY and within the units in stock
 * (the stock rule of docs/rules/catalogue-and-regions.md), with the bound that changed it. `unitsInStock` is null while unknown (an
 * option not chosen yet); a sold-out item keeps the quantity, since no quantity would fit. Fractions are
 * cut to whole units without a word: nobody means to buy half a kettle.
 */
export function fitCartQuantity(requested: number, unitsInStock: number | null): FittedQuantity {
  const whole = Math.trunc(requested);
  if (!Number.isFinite(whole) || whole < 1) return { quantity: 1, limit: 'fewest' };
  const stockBound = unitsInStock !== null && unitsInStock >= 1 ? unitsInStock : Number.POSITIVE_INFINITY;
  if (whole > stockBound && stockBound < CART_MAX_QUANTITY) return { quantity: stockBound, limit: 'stock' };
  if (whole > CART_MAX_QUANTITY) return { quantity: CART_MAX_QUANTITY, limit: 'most' };
  return { quantity: whole, limit: null };
}

/** The most a quantity stepper may go up to: the stock when some is left and it is below the cart's bound. */
export function mostCartQuantity(unitsInStock: number | null): number {
  return unitsInStock !== null && unitsInStock >= 1
    ? Math.min(unitsInStock, CART_MAX_QUANTITY)
    : CART_MAX_QUANTITY;
}

/** The price of the chosen lines, in `currency`; an empty selection costs nothing in that currency. */
export function selectionSubtotal(
  lines: readonly { unitPrice: Money; quantity: number }[],
  currency: CurrencyCode,
): Money {
  return sumMoney(
    lines.map((line) => linePrice(line.unitPrice, line.quantity)),
    currency,
  );
}

/**
 * The checkout selection (docs/rules/cart-and-checkout.md): the checked cart and quotation item ids. Ids that no longer exist
 * are dropped; `allChecked` is true only when there is something and all of it is checked.
 */
export type CheckoutSelection = { cartItemIds: string[]; quotationItemIds: string[]; allChecked: boolean };

export function reconcileSelection(
  selection: Pick<CheckoutSelection, 'cartItemIds' | 'quotationItemIds'>,
  existing: { cartItemIds: readonly string[]; quotationItemIds: readonly string[] },
): CheckoutSelection {
  const cartIds = new Set(existing.cartItemIds);
  const quotationIds = new Set(existing.quotationItemIds);
  const cartItemIds = selection.cartItemIds.filter((id) => cartIds.has(id));
  const quotationItemIds = selection.quotationItemIds.filter((id) => quotationIds.has(id));
  const total = cartIds.size + quotationIds.size;
  return {
    cartItemIds,
    quotationItemIds,
    allChecked: total > 0 && cartItemIds.length + quotationItemIds.length === total,
  };
}

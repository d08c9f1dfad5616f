import { isInStock, linePrice, type StockedProduct } from '../catalogue/stock.js';
import { type CurrencyCode, type Money, sumMoney } from '../money/index.js';

// Spec sections 3 and 4: the rules of cart lines and of the shopper's checkout selection.

/** Spec section 4's stock rule, read for one cart line. */
export function cartLineInStock(product: StockedProduct, variantPath: string, quantity: number): boolean {
  return isInStock(product, variantPath, quantity);
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
 * Spec section 3's checkout selection: the checked cart and quotation item ids. Ids that no longer exist
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

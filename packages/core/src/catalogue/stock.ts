import { type Money, multiplyMoney } from '../money/index.js';

export type StockedProduct = {
  stock: number;
  variantPaths: Readonly<Record<string, { stock: number }>>;
};

/**
 * Spec section 4: an internal item is in stock only if the stock of the chosen variant (by its variant
 * path), or else of the product, is at least the quantity.
 */
export function isInStock(product: StockedProduct, variantPath: string, quantity: number): boolean {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return false;
  const entry = Object.hasOwn(product.variantPaths, variantPath)
    ? product.variantPaths[variantPath]
    : undefined;
  return (entry?.stock ?? product.stock) >= quantity;
}

/** Spec section 9: the price of an internal line is the unit price times the quantity. */
export function linePrice(unitPrice: Money, quantity: number): Money {
  return multiplyMoney(unitPrice, quantity);
}

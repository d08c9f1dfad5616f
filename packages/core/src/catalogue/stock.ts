import { type Money, multiplyMoney } from '../money/index.js';

export type StockedProduct = {
  stock: number;
  variantPaths: Readonly<Record<string, { stock: number }>>;
};

/**
 * docs/rules/catalogue-and-regions.md: an internal item is in stock only if the stock of the chosen variant (by its variant
 * path), or else of the product, is at least the quantity.
 */
export function isInStock(product: StockedProduct, variantPath: string, quantity: number): boolean {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return false;
  const entry = Object.hasOwn(product.variantPaths, variantPath)
    ? product.variantPaths[variantPath]
    : undefined;
  return (entry?.stock ?? product.stock) >= quantity;
}

/** docs/rules/catalogue-and-regions.md: the price of an internal line is the unit price times the quantity. */
export function linePrice(unitPrice: Money, quantity: number): Money {
  return multiplyMoney(unitPrice, quantity);
}

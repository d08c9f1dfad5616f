import { selectionSubtotal } from '@crossbuy/core/cart';
import type { Product } from '@crossbuy/core/catalogue';
import { type CurrencyCode, sumMoney } from '@crossbuy/core/money';
import { type CartLikeQuotationLine, toCartLikeLine } from '@crossbuy/core/quotation';
import { useMemo } from 'react';
import { type CartItemAnswer, useCart, useCartQuotationItems } from '../api/cart-api';
import { type SelectionIds, useCartSelection } from '../checkout-selection';
import { quotationLineRefusal } from '../components/quotation-line-row';

export type CartLine = CartItemAnswer;

/**
 * The signed-in shopper's cart lines and quoted items, the ones chosen for checkout, and what the chosen
 * ones come to. `highlightedItemId` is the line just added, which starts chosen.
 */
export function useCartLines(currency: CurrencyCode, highlightedItemId: string | null) {
  const cart = useCart();
  const quotations = useCartQuotationItems();

  const lines = useMemo<CartLine[]>(() => {
    if (!cart.data) return [];
    const products = new Map<string, Product>(cart.data.products.map((product) => [product.uuid, product]));
    return cart.data.cartItems.flatMap((cartItem) => {
      const product = products.get(cartItem.productId);
      return product ? [{ cartItem, product }] : [];
    });
  }, [cart.data]);
  const quotationLines = useMemo<CartLikeQuotationLine[]>(() => {
    if (!quotations.data) return [];
    const products = new Map(quotations.data.products.map((product) => [product.uuid, product]));
    return quotations.data.quotationItems.map((item) =>
      toCartLikeLine(item, products.get(item.productSourceData?.productId ?? '') ?? null),
    );
  }, [quotations.data]);
  // A quotation list that cannot be read leaves the cart lines to choose from.
  const quotationsSettled = quotations.isSuccess || quotations.isError;
  const selectable = useMemo<SelectionIds | undefined>(
    () =>
      cart.data && quotationsSettled
        ? {
            cartItemIds: lines
              .filter(({ cartItem }) => cartItem.available)
              .map(({ cartItem }) => cartItem.id),
            quotationItemIds: quotationLines
              .filter((line) => quotationLineRefusal(line) === null)
              .map(({ item }) => item.id),
          }
        : undefined,
    [cart.data, quotationsSettled, lines, quotationLines],
  );
  const selection = useCartSelection(selectable, highlightedItemId);
  const chosenLines = lines.filter(({ cartItem }) => selection.isSelected('cart', cartItem.id));
  const chosenQuotations = quotationLines.filter(({ item }) => selection.isSelected('quotation', item.id));
  const subtotalCurrency =
    lines[0]?.cartItem.unitPrice.currency ?? quotationLines[0]?.item.price.currency ?? currency;
  const subtotal = sumMoney(
    [
      selectionSubtotal(
        chosenLines.map(({ cartItem }) => cartItem),
        subtotalCurrency,
      ),
      ...chosenQuotations.map(({ item }) => item.price),
    ],
    subtotalCurrency,
  );

  return {
    cart,
    quotations,
    lines,
    quotationLines,
    selectable,
    selection,
    subtotal,
    chosenCount: chosenLines.length + chosenQuotations.length,
    lineCount: lines.length + quotationLines.length,
  };
}

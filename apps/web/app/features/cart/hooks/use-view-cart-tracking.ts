import { selectionSubtotal } from '@crossbuy/core/cart';
import type { CurrencyCode } from '@crossbuy/core/money';
import { useEffect, useRef } from 'react';
import { track } from '../../../lib/analytics';
import { majorUnits, productItem } from '../../../lib/product-analytics';
import type { CartLine } from './use-cart-lines';

/** view_cart once per visit of the page, with what the cart held when it was first shown. */
export function useViewCartTracking(loaded: boolean, lines: readonly CartLine[], currency: CurrencyCode) {
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !loaded) return;
    viewed.current = true;
    const all = selectionSubtotal(
      lines.map(({ cartItem }) => cartItem),
      lines[0]?.cartItem.unitPrice.currency ?? currency,
    );
    track('view_cart', {
      currency: all.currency,
      value: majorUnits(all),
      items: lines.map(({ cartItem, product }) =>
        productItem(product, {
          price: cartItem.unitPrice,
          variant: cartItem.variantLabel,
          quantity: cartItem.quantity,
        }),
      ),
    });
  }, [loaded, lines, currency]);
}

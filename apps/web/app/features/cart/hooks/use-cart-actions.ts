import { messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { useAddToCart, useMoveToQuotation, useRemoveCartItem } from '../api/cart-api';
import type { CartLine } from './use-cart-lines';

/** What the page last did, said in a live region; a removal can be undone from here. */
export type Notice = { text: string; undo?: CartLine; link?: { to: string; label: string } };

/**
 * Removing a line (and putting it back) and moving one to the quotations: what was done is the notice, and
 * a refusal is the failure said above the lines.
 */
export function useCartActions() {
  const addToCart = useAddToCart();
  const removeItem = useRemoveCartItem();
  const moveToQuotation = useMoveToQuotation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (line: CartLine) => {
    setFailure(null);
    try {
      await removeItem.mutateAsync(line);
      setNotice({ text: `Removed ${line.product.name} from your cart.`, undo: line });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  const undo = async (line: CartLine) => {
    setFailure(null);
    try {
      await addToCart.mutateAsync({
        productId: line.cartItem.productId,
        variantPath: line.cartItem.variantPath,
        quantity: line.cartItem.quantity,
        message: line.cartItem.message,
      });
      setNotice({ text: `${line.product.name} is back in your cart.` });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  const move = async (line: CartLine) => {
    setFailure(null);
    try {
      const { quotationItem } = await moveToQuotation.mutateAsync(line.cartItem.id);
      setNotice({
        text: `Moved ${line.product.name} to your quotations.`,
        link: { to: `/quotations/${quotationItem.id}`, label: 'See the request' },
      });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  return { notice, failure, setFailure, remove, undo, move };
}

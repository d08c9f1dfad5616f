import type { Product } from '@crossbuy/core/catalogue';
import { ApiError, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { useResumePendingAction, useSignInToFinish } from '../../../lib/pending-action';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { useAddToCart } from '../api/cart-api';

type CartButtonsProps = {
  product: Product;
  /** The chosen variant path, or null while an option of some kind is not chosen. */
  path: string | null;
  quantity: number;
};

type LineArgs = { variantPath: string; quantity: number };

/**
 * Add to cart and Buy now. A visitor is sent to sign in and, once back on this page, what they pressed
 * is finished for them.
 */
export function CartButtons({ product, path, quantity }: CartButtonsProps) {
  const { signedIn } = useUser();
  const navigate = useNavigate();
  const signInToFinish = useSignInToFinish();
  const redirectToSignIn = useRedirectToSignIn();
  const addToCart = useAddToCart();
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const add = async ({ variantPath, quantity: count }: LineArgs, thenBuy: boolean) => {
    setFailure(null);
    setAdded(null);
    try {
      const { cartItem } = await addToCart.mutateAsync({
        productId: product.uuid,
        variantPath,
        quantity: count,
        message: '',
      });
      if (thenBuy) navigate(`/cart?${new URLSearchParams({ itemId: cartItem.id })}`);
      else setAdded(`Added ${count} to your cart.`);
    } catch (error) {
      // A session that could not be refreshed has been signed out; signing in again is the way on.
      if (error instanceof ApiError && error.status === 401) redirectToSignIn();
      else setFailure(messageForError(error));
    }
  };

  useResumePendingAction('add_to_cart', product.uuid, (args) => void add(args, false));
  useResumePendingAction('buy_now', product.uuid, (args) => void add(args, true));

  const press = (kind: 'add_to_cart' | 'buy_now') => {
    if (path === null) {
      setAdded(null);
      setFailure(formatErrorMessage('cart/invalid_variant_path'));
      return;
    }
    const args = { variantPath: path, quantity };
    if (!signedIn) signInToFinish(kind, product.uuid, args);
    else void add(args, kind === 'buy_now');
  };

  const busy = addToCart.isPending;
  return (
    <>
      <Button onClick={() => press('add_to_cart')} disabled={busy}>
        {busy ? 'Adding…' : 'Add to cart'}
      </Button>
      <Button variant="secondary" onClick={() => press('buy_now')} disabled={busy}>
        Buy now
      </Button>
      <div aria-live="polite" className="text-sm sm:col-span-2">
        {added ? (
          <p className="text-brand-900">
            {added}{' '}
            <Link to="/cart" className={textLinkClasses}>
              See your cart
            </Link>
          </p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-danger-700 sm:col-span-2">
          {failure}
        </p>
      ) : null}
    </>
  );
}

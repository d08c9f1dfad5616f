import type { Product } from '@crossbuy/core/catalogue';
import { ApiError, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductActionRefusal } from '../../../components/product/product-action-refusal';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { useResumePendingAction, useSignInToFinish } from '../../../lib/pending-action';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { useAddToCart, useStartCheckout } from '../api/cart-api';

type CartButtonsProps = {
  product: Product;
  /** The chosen variant path, or null while an option of some kind is not chosen. */
  path: string | null;
  quantity: number;
};

type LineArgs = { variantPath: string; quantity: number };

/**
 * Add to cart and Buy now. Buy now adds the line and opens checkout for that line alone; what the cart
 * has chosen otherwise is left as it was. A visitor is sent to sign in and, once back on this page, what
 * they pressed is finished for them.
 */
export function CartButtons({ product, path, quantity }: CartButtonsProps) {
  const { signedIn } = useUser();
  const navigate = useNavigate();
  const signInToFinish = useSignInToFinish();
  const redirectToSignIn = useRedirectToSignIn();
  const addToCart = useAddToCart();
  const startCheckout = useStartCheckout();
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [pressed, setPressed] = useState<'add_to_cart' | 'buy_now' | null>(null);

  const add = async ({ variantPath, quantity: count }: LineArgs, thenBuy: boolean) => {
    setFailure(null);
    setAdded(null);
    let cartItemId: string;
    try {
      const { cartItem } = await addToCart.mutateAsync({
        productId: product.uuid,
        variantPath,
        quantity: count,
        message: '',
      });
      cartItemId = cartItem.id;
    } catch (error) {
      // A session that could not be refreshed has been signed out; signing in again is the way on.
      if (error instanceof ApiError && error.status === 401) redirectToSignIn();
      else setFailure(messageForError(error));
      return;
    }
    if (!thenBuy) {
      setAdded(`Added ${count} to your cart.`);
      return;
    }
    try {
      const session = await startCheckout.mutateAsync({ cartItemIds: [cartItemId], quotationItemIds: [] });
      navigate(`/checkout?session=${encodeURIComponent(session.key)}`);
    } catch (error) {
      // The line is in the cart; the store's reason (stock, limits) is said here, with the way to the cart.
      setAdded(`Added ${count} to your cart, but checkout could not open: ${messageForError(error)}`);
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
    setPressed(kind);
    const args = { variantPath: path, quantity };
    if (!signedIn) signInToFinish(kind, product.uuid, args);
    else void add(args, kind === 'buy_now');
  };

  // While a press is being answered the buttons refuse another one but stay focusable: a disabled button
  // would drop the keyboard focus to the page.
  const busy = addToCart.isPending || startCheckout.isPending;
  return (
    <>
      <Button onClick={() => !busy && press('add_to_cart')} aria-disabled={busy || undefined}>
        {busy && pressed === 'add_to_cart' ? 'Adding…' : 'Add to cart'}
      </Button>
      <Button variant="secondary" onClick={() => !busy && press('buy_now')} aria-disabled={busy || undefined}>
        {busy && pressed === 'buy_now' ? 'Opening checkout…' : 'Buy now'}
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
      <ProductActionRefusal message={failure} />
    </>
  );
}

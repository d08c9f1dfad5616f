import type { ProductSummary } from '@crossbuy/core/catalogue';
import { ApiError, messageForError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProductActionRefusal } from '../../../components/product/product-action-refusal';
import { Button, buttonClasses } from '../../../components/ui/button';
import { track } from '../../../lib/analytics';
import { useResumePendingAction, useSignInToFinish } from '../../../lib/pending-action';
import { majorUnits, productItem } from '../../../lib/product-analytics';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { productFlags, useAddToWishlist } from '../api/wishlist-api';

type WishlistButtonProps = {
  product: ProductSummary;
  /** The price shown for the shopper's current choice, for the add_to_wishlist event. */
  price: Money;
  variant: string | null;
};

/**
 * Saves the product for a signed-in shopper. A visitor is sent to sign in, comes back to this page
 * afterwards, and the product is saved then.
 */
export function WishlistButton({ product, price, variant }: WishlistButtonProps) {
  const { signedIn } = useUser();
  const redirectToSignIn = useRedirectToSignIn();
  const signInToFinish = useSignInToFinish();
  const [saved, setSaved] = useState(false);
  const addition = useAddToWishlist();
  const [failure, setFailure] = useState<string | null>(null);
  const savedLink = useRef<HTMLAnchorElement>(null);
  const justSaved = useRef(false);

  useEffect(() => {
    setSaved(false);
    if (!signedIn) return;
    let live = true;
    productFlags(product.uuid).then(
      // A save finished meanwhile (one resumed after sign-in) is not undone by an older answer.
      (flags) => live && setSaved((was) => was || flags.inWishlist),
      // Not knowing leaves the button offering to save, which is harmless: saving twice keeps one entry.
      (error: unknown) => console.warn('Loading the wishlist flag failed', messageForError(error)),
    );
    return () => {
      live = false;
    };
  }, [signedIn, product.uuid]);

  // The button the shopper pressed is replaced by the link; focus follows it rather than falling to the page.
  useEffect(() => {
    if (saved && justSaved.current) savedLink.current?.focus();
    justSaved.current = false;
  }, [saved]);

  const save = async () => {
    if (!signedIn) {
      signInToFinish('add_to_wishlist', product.uuid, {});
      return;
    }
    setFailure(null);
    try {
      await addition.mutateAsync(product.uuid);
      justSaved.current = true;
      setSaved(true);
      track('add_to_wishlist', {
        currency: price.currency,
        value: majorUnits(price),
        items: [productItem(product, { price, variant })],
      });
    } catch (error) {
      // A session that could not be refreshed has been signed out; signing in again is the way on.
      if (error instanceof ApiError && error.status === 401) redirectToSignIn();
      else setFailure(messageForError(error));
    }
  };

  useResumePendingAction('add_to_wishlist', product.uuid, () => void save());

  if (saved) {
    return (
      <Link ref={savedLink} to="/wishlist" className={buttonClasses('secondary')}>
        In your wishlist
      </Link>
    );
  }

  return (
    <>
      <Button variant="secondary" onClick={save} disabled={addition.isPending}>
        {addition.isPending ? 'Saving…' : 'Add to wishlist'}
      </Button>
      <ProductActionRefusal message={failure} />
    </>
  );
}

import { messageForError } from '@crossbuy/core/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ProductCard } from '../../../components/product/product-card';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Pagination, pageFromSearch } from '../../../components/ui/pagination';
import { rememberRedirectAfterSignIn, SIGN_IN_PATH } from '../../../lib/redirect-to-sign-in';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';
import { listWishlist, removeFromWishlist, type WishlistPage as WishlistData } from '../api/wishlist-api';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; data: WishlistData }
  | { status: 'failed'; message: string };

const LIST_NAME = 'Wishlist';

/** The signed-in shopper's wishlist. It belongs to an account, so it is loaded in the browser. */
export function WishlistPage() {
  const { signedIn, profileFetched, leftByChoice } = useUser();
  const { current } = useShopperRegions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const latestRequest = useRef(0);
  const [removing, setRemoving] = useState<string | null>(null);
  const region = current?.countryCode;

  // Replacing the entry keeps Back from returning here only to be sent to sign in again.
  // Only a page on screen when its shopper signs out sends them home; one opened afterwards asks them to sign in.
  const shownToShopper = useRef(false);
  useEffect(() => {
    if (signedIn) shownToShopper.current = true;
    if (!profileFetched || signedIn) return;
    if (leftByChoice && shownToShopper.current) {
      navigate('/', { replace: true });
      return;
    }
    rememberRedirectAfterSignIn();
    navigate(SIGN_IN_PATH, { replace: true });
  }, [profileFetched, signedIn, leftByChoice, navigate]);

  // Only the answer to the latest request is shown, should an older one arrive after it.
  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const data = await listWishlist(page, region);
      if (request === latestRequest.current) setState({ status: 'ready', data });
    } catch (error) {
      if (request === latestRequest.current) setState({ status: 'failed', message: messageForError(error) });
    }
  }, [page, region]);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const remove = async (id: string) => {
    setRemoving(id);
    try {
      await removeFromWishlist(id);
      await load();
    } catch (error) {
      setState({ status: 'failed', message: messageForError(error) });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8"
      aria-labelledby="wishlist-heading"
    >
      <h1 id="wishlist-heading" className="text-3xl font-bold tracking-tight">
        Your wishlist
      </h1>
      {state.status === 'loading' ? (
        <p role="status" className="text-muted">
          Loading your wishlist…
        </p>
      ) : null}
      {state.status === 'failed' ? <Alert>{state.message}</Alert> : null}
      {state.status === 'ready' && state.data.total === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
          <p className="text-lg font-semibold">Your wishlist is empty</p>
          <p className="text-muted">Save products you like with “Add to wishlist” on their pages.</p>
          <Link to="/search" className={buttonClasses('primary')}>
            Browse the catalogue
          </Link>
        </div>
      ) : null}
      {state.status === 'ready' && state.data.wishlistItems.length > 0 ? (
        <>
          <p className="text-muted">
            {state.data.total} saved {state.data.total === 1 ? 'product' : 'products'}
          </p>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
            aria-label={LIST_NAME}
          >
            {state.data.wishlistItems.map((item, index) => (
              <li key={item.id} className="flex flex-col gap-2">
                <ProductCard
                  product={item.product}
                  listName={LIST_NAME}
                  index={(state.data.page - 1) * state.data.limit + index}
                />
                <Button
                  variant="secondary"
                  disabled={removing === item.id}
                  onClick={() => remove(item.id)}
                  aria-label={`Remove ${item.product.name} from your wishlist`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Pagination
            page={state.data.page}
            pageCount={Math.ceil(state.data.total / state.data.limit)}
            hrefFor={(target) => (target > 1 ? `/wishlist?page=${target}` : '/wishlist')}
          />
        </>
      ) : null}
    </section>
  );
}

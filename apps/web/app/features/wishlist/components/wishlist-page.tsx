import { messageForError } from '@crossbuy/core/errors';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ProductCard } from '../../../components/product/product-card';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Pagination, pageFromSearch } from '../../../components/ui/pagination';
import { rememberRedirectAfterSignIn, SIGN_IN_PATH } from '../../../lib/redirect-to-sign-in';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';
import { useRemoveFromWishlist, useWishlistPage } from '../api/wishlist-api';

const LIST_NAME = 'Wishlist';

/** The signed-in shopper's wishlist. It belongs to an account, so it is loaded in the browser. */
export function WishlistPage() {
  const { signedIn, profileFetched, leftByChoice } = useUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const wishlist = useWishlistPage(page);
  const removal = useRemoveFromWishlist();
  const { reset: forgetFailedRemoval } = removal;
  const region = useShopperRegions().current?.countryCode;

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

  // A failed removal stands in for the list until another page or region is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: showing another page or region is what forgets it
  useEffect(() => forgetFailedRemoval(), [page, region, forgetFailedRemoval]);

  const failure = wishlist.error ?? removal.error;
  const data = failure ? undefined : wishlist.data;

  return (
    <section
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8"
      aria-labelledby="wishlist-heading"
    >
      <h1 id="wishlist-heading" className="text-3xl font-bold tracking-tight">
        Your wishlist
      </h1>
      {wishlist.isPending ? (
        <p role="status" className="text-muted">
          Loading your wishlist…
        </p>
      ) : null}
      {failure ? <Alert>{messageForError(failure)}</Alert> : null}
      {data?.total === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
          <p className="text-lg font-semibold">Your wishlist is empty</p>
          <p className="text-muted">Save products you like with “Add to wishlist” on their pages.</p>
          <Link to="/search" className={buttonClasses('primary')}>
            Browse the catalogue
          </Link>
        </div>
      ) : null}
      {data && data.wishlistItems.length > 0 ? (
        <>
          <p className="text-muted">
            {data.total} saved {data.total === 1 ? 'product' : 'products'}
          </p>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
            aria-label={LIST_NAME}
          >
            {data.wishlistItems.map((item, index) => (
              <li key={item.id} className="flex flex-col gap-2">
                <ProductCard
                  product={item.product}
                  listName={LIST_NAME}
                  index={(data.page - 1) * data.limit + index}
                />
                <Button
                  variant="secondary"
                  disabled={removal.isPending && removal.variables === item.id}
                  onClick={() => removal.mutate(item.id)}
                  aria-label={`Remove ${item.product.name} from your wishlist`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageCount={Math.ceil(data.total / data.limit)}
            hrefFor={(target) => (target > 1 ? `/wishlist?page=${target}` : '/wishlist')}
          />
        </>
      ) : null}
    </section>
  );
}

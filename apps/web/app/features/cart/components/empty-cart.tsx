import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';

/** Nothing in the cart: where to go next; a visitor is asked to sign in to see the cart they saved. */
export function EmptyCart({ visitor = false }: { visitor?: boolean }) {
  const redirectToSignIn = useRedirectToSignIn();
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">Your cart is empty</p>
      <p className="text-muted">
        Find something in our catalogue, or paste a link from a marketplace abroad to get a quotation.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Continue shopping
        </Link>
        {visitor ? (
          <button type="button" className={buttonClasses('secondary')} onClick={() => redirectToSignIn()}>
            Sign in to see your saved cart
          </button>
        ) : (
          <Link to="/quotations/new" className={buttonClasses('secondary')}>
            Request a quotation
          </Link>
        )}
      </div>
    </div>
  );
}

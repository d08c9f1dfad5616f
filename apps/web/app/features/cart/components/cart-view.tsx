import { messageForError } from '@crossbuy/core/errors';
import { type CurrencyCode, money } from '@crossbuy/core/money';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { textLinkClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { useUser } from '../../../lib/user-store';
import { useCartActions } from '../hooks/use-cart-actions';
import { useCartLines } from '../hooks/use-cart-lines';
import { useViewCartTracking } from '../hooks/use-view-cart-tracking';
import { CartLists } from './cart-lists';
import { CartNotice } from './cart-notice';
import { CheckoutButton, Subtotal } from './cart-summary';
import { EmptyCart } from './empty-cart';

type CartViewProps = {
  /** The currency of the shopper's region: an empty selection still costs nothing in it. */
  currency: CurrencyCode;
  /** The item just added ('Buy now', add to cart), from ?itemId. */
  highlightedItemId: string | null;
};

export function CartView({ currency, highlightedItemId }: CartViewProps) {
  const { signedIn, profileFetched } = useUser();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10" aria-labelledby="cart-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="cart-heading" className="text-3xl font-bold tracking-tight">
          Your cart
        </h1>
        {signedIn ? (
          <Link to="/quotations" className={textLinkClasses}>
            Your quotations
          </Link>
        ) : null}
      </div>
      {signedIn ? (
        <SignedInCart currency={currency} highlightedItemId={highlightedItemId} />
      ) : profileFetched ? (
        <>
          <EmptyCart visitor />
          <Subtotal value={money(0, currency)} chosen={0} count={0} />
        </>
      ) : (
        <div className="mt-8">
          <Loading>Loading your cart…</Loading>
        </div>
      )}
    </section>
  );
}

function SignedInCart({ currency, highlightedItemId }: CartViewProps) {
  const { cart, quotations, lines, quotationLines, selectable, selection, subtotal, chosenCount, lineCount } =
    useCartLines(currency, highlightedItemId);
  const { notice, failure, setFailure, remove, undo, move } = useCartActions();
  useViewCartTracking(cart.data !== undefined, lines, currency);

  if (cart.isPending || quotations.isPending) {
    return (
      <div className="mt-8">
        <Loading>Loading your cart…</Loading>
      </div>
    );
  }
  if (cart.isError) {
    return (
      <LoadFailure what="your cart" error={cart.error} onRetry={() => void cart.refetch()} className="mt-8" />
    );
  }

  return (
    <>
      <CartNotice notice={notice} onUndo={(line) => void undo(line)} />
      {failure ? (
        <div className="mt-4">
          <Alert>{failure}</Alert>
        </div>
      ) : null}

      {quotations.isError ? (
        <div className="mt-4">
          <Alert>We could not load your quotations: {messageForError(quotations.error)}</Alert>
        </div>
      ) : null}

      {lineCount === 0 ? (
        <EmptyCart />
      ) : (
        <CartLists
          lines={lines}
          quotationLines={quotationLines}
          selectable={selectable}
          selection={selection}
          highlightedItemId={highlightedItemId}
          onRemove={(line) => void remove(line)}
          onMove={(line) => void move(line)}
          onFailure={setFailure}
        />
      )}

      <Subtotal value={subtotal} chosen={chosenCount} count={lineCount} />
      {lineCount > 0 ? <CheckoutButton selection={selection.chosen} /> : null}
    </>
  );
}

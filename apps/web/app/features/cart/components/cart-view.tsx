import { type CurrencyCode, formatMoney, type Money, sumMoney } from '@crossbuy/core/money';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';

/** One cart line as the page shows it; the cart work maps cart items and products to this. */
export type CartLineView = { id: string; name: string; quantity: number; total: Money };

type CartViewProps = {
  lines: readonly CartLineView[];
  currency: CurrencyCode;
  /** The item just added ('Buy now', add to cart), from ?itemId. */
  highlightedItemId: string | null;
};

export function CartView({ lines, currency, highlightedItemId }: CartViewProps) {
  const { signedIn } = useUser();
  const redirectToSignIn = useRedirectToSignIn();
  const subtotal = sumMoney(
    lines.map((line) => line.total),
    currency,
  );

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="text-3xl font-bold tracking-tight">
        Your cart
      </h1>

      {lines.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <p className="text-muted">
            Find something in our catalogue, or paste a link from a marketplace abroad on the home page to get
            a quotation.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/" className={buttonClasses('primary')}>
              Continue shopping
            </Link>
            {signedIn ? null : (
              <button type="button" className={buttonClasses('secondary')} onClick={() => redirectToSignIn()}>
                Sign in to see your saved cart
              </button>
            )}
          </div>
        </div>
      ) : (
        <ul className="mt-8 divide-y divide-line rounded-2xl border border-line bg-white">
          {lines.map((line) => {
            const highlighted = line.id === highlightedItemId;
            return (
              <li
                key={line.id}
                data-highlighted={highlighted || undefined}
                className="flex items-center justify-between gap-4 p-4 data-highlighted:bg-brand-50"
              >
                <span>
                  {line.name} <span className="text-muted">× {line.quantity}</span>
                  {highlighted ? (
                    <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Just added
                    </span>
                  ) : null}
                </span>
                <span className="font-semibold">{formatMoney(line.total)}</span>
              </li>
            );
          })}
        </ul>
      )}

      <dl className="mt-6 flex items-center justify-between border-t border-line pt-4 text-lg">
        <dt className="font-semibold">Subtotal</dt>
        <dd className="font-semibold" data-testid="cart-subtotal">
          {formatMoney(subtotal)}
        </dd>
      </dl>
    </section>
  );
}

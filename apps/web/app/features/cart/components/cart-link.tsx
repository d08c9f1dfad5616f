import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../../lib/user-store';
import { useCartCount } from '../api/cart-api';

/** The header's way to the cart; a signed-in shopper also sees how many things are in it. */
export function CartLink({ className, children }: { className: string; children: ReactNode }) {
  const { signedIn } = useUser();
  return (
    <Link to="/cart" className={className}>
      {children}
      {signedIn ? <CartCount /> : null}
    </Link>
  );
}

function CartCount() {
  const count = useCartCount();
  if (!count) return null;
  return (
    <span
      data-testid="cart-count"
      className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
    >
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only">{count === 1 ? ' item' : ' items'}</span>
    </span>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AccountNav } from '../../features/auth/components/account-nav';
import { CartLink } from '../../features/cart/components/cart-link';
import { RegionChooser } from '../../features/regions/components/region-chooser';
import { useUser } from '../../lib/user-store';
import { SearchForm } from './search-form';

// Only signed-in shoppers have notifications, so visitors never download the menu.
const NotificationsMenu = lazy(() => import('../../features/notifications/components/notifications-menu'));

const navLink =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';

export function SiteHeader() {
  const { signedIn } = useUser();
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3">
        <Link to="/" className="rounded-lg text-2xl font-extrabold tracking-tight text-brand-800">
          Crossbuy
        </Link>
        <SearchForm className="order-last w-full md:order-none md:w-auto md:flex-1" />
        <nav aria-label="Account" className="ms-auto flex flex-wrap items-center justify-end gap-1 md:ms-0">
          <RegionChooser />
          {signedIn ? (
            <>
              <Suspense fallback={null}>
                <NotificationsMenu />
              </Suspense>
              <Link to="/wishlist" className={navLink}>
                Wishlist
              </Link>
            </>
          ) : null}
          <CartLink className={navLink}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path
                d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
              <circle cx="9" cy="20" r="1.4" />
              <circle cx="17" cy="20" r="1.4" />
            </svg>
            Cart
          </CartLink>
          <AccountNav />
        </nav>
      </div>
    </header>
  );
}

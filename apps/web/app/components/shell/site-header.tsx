import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AccountNav } from '../../features/auth/components/account-nav';
import { CartLink } from '../../features/cart/components/cart-link';
import { RegionChooser } from '../../features/regions/components/region-chooser';
import { useUser } from '../../lib/user-store';
import { CategoryMenu } from './category-menu';
import { HeaderControlFace, headerControl } from './header-control';
import { SearchForm } from './search-form';

// Only signed-in shoppers have notifications, so visitors never download the menu.
const NotificationsMenu = lazy(() => import('../../features/notifications/components/notifications-menu'));

export function SiteHeader() {
  const { signedIn } = useUser();
  return (
    // Sticky: the cart, the bell and the search stay in reach on a long page; html's scroll padding
    // (app.css) keeps an anchor's target from sliding under it.
    <header className="sticky top-0 z-30 border-b border-line bg-white">
      {/* Positioned, so a panel opening from the header can span its width on a phone. */}
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:gap-x-4 md:py-3">
        <Link
          to="/"
          className="shrink-0 rounded-lg text-xl font-extrabold tracking-tight text-brand-800 md:text-2xl"
        >
          Crossbuy
        </Link>
        {/* On a phone the categories and the search share the second row, so the first keeps the logo
            and every account control. */}
        <div className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1">
          <CategoryMenu />
          <SearchForm className="min-w-0 flex-1" />
        </div>
        <nav aria-label="Account" className="ms-auto flex items-center gap-0.5 md:ms-0 md:gap-1">
          <RegionChooser />
          {signedIn ? (
            <>
              <Suspense fallback={null}>
                <NotificationsMenu />
              </Suspense>
              <Link to="/wishlist" className={headerControl}>
                <HeaderControlFace
                  name="Wishlist"
                  icon={
                    <path
                      d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                      strokeLinejoin="round"
                    />
                  }
                />
              </Link>
            </>
          ) : null}
          <CartLink className={headerControl}>
            <HeaderControlFace
              name="Cart"
              icon={
                <>
                  <path
                    d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                  <circle cx="9" cy="20" r="1.4" />
                  <circle cx="17" cy="20" r="1.4" />
                </>
              }
            />
          </CartLink>
          <AccountNav />
        </nav>
      </div>
    </header>
  );
}

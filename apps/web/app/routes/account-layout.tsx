import { NavLink, Outlet, useOutletContext } from 'react-router';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { UserQueryProvider } from '../lib/query-provider';
import type { UserProfile } from '../lib/user-store';

const SECTIONS = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/security', label: 'Security', end: false },
  { to: '/account/addresses', label: 'Addresses', end: false },
] as const;

const tabStyle = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${
    isActive ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
  }`;

/** The signed-in shopper's profile, for the account pages inside this layout. */
export function useAccountProfile(): UserProfile {
  return useOutletContext<UserProfile>();
}

export default function AccountLayout() {
  return (
    <RequireSignedIn>
      {(profile) => (
        <UserQueryProvider key={profile.id}>
          <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:py-12">
            <nav aria-label="Your account">
              <ul className="flex flex-wrap gap-2">
                {SECTIONS.map(({ to, label, end }) => (
                  <li key={to}>
                    <NavLink to={to} end={end} className={tabStyle}>
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Outlet context={profile} />
          </div>
        </UserQueryProvider>
      )}
    </RequireSignedIn>
  );
}

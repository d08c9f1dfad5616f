import { Link, NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { Alert } from '../components/ui/alert';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { isStaff, STAFF_SECTIONS, type StaffSection, sectionsFor } from '../features/staff/staff-sections';
import type { UserProfile } from '../lib/user-store';

const tabStyle = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold ${
    isActive ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
  }`;

/** The signed-in member of staff, for the back-office pages inside this layout. */
export function useStaffProfile(): UserProfile {
  return useOutletContext<UserProfile>();
}

/** The section a back-office path belongs to: the longest section path it starts with. */
function sectionOf(pathname: string): StaffSection | undefined {
  const path = pathname.replace(/^\/[a-z]{2}(?=\/admin)/, '');
  return STAFF_SECTIONS.filter((section) =>
    section.end ? path === section.to : path === section.to || path.startsWith(`${section.to}/`),
  ).sort((a, b) => b.to.length - a.to.length)[0];
}

function Refusal({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-10">
      <Alert>{children}</Alert>
    </div>
  );
}

function StaffPages({ profile }: { profile: UserProfile }) {
  const { pathname } = useLocation();
  if (!isStaff(profile.role)) return <Refusal>This page is for the store's staff.</Refusal>;
  // The server refuses every back-office call from a member of staff without two-factor; say why here.
  if (!profile.tfaEnabled) {
    return (
      <Refusal>
        The back office needs two-factor authentication on your account.{' '}
        <Link className="font-semibold underline" to="/account/security">
          Turn it on in Security
        </Link>
        , then come back.
      </Refusal>
    );
  }
  const section = sectionOf(pathname);
  if (section && !section.roles.includes(profile.role)) {
    return <Refusal>This page is for the store's admins.</Refusal>;
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <nav aria-label="Back office" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1">
          {sectionsFor(profile.role).map(({ to, label, end }) => (
            <li key={to}>
              <NavLink to={to} end={end ?? false} className={tabStyle}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={profile} />
    </div>
  );
}

/** Every back-office page: staff only, two-factor on, and the section's role checked before it shows. */
export default function AdminLayout() {
  return <RequireSignedIn>{(profile) => <StaffPages profile={profile} />}</RequireSignedIn>;
}

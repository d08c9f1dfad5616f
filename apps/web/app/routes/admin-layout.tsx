import { Link, Outlet, useLocation, useOutletContext } from 'react-router';
import type { ShellHandle } from '../components/shell/app-shell';
import { Alert } from '../components/ui/alert';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { BackOfficeFrame } from '../features/staff/components/back-office-frame';
import { isStaff, STAFF_SECTIONS, type StaffSection } from '../features/staff/staff-sections';
import type { UserProfile } from '../lib/user-store';

// The back office is a desk of its own: no storefront search, wishlist or cart in its frame.
export const handle = { ownFrame: true } satisfies ShellHandle;

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
      <Outlet context={profile} />
    </div>
  );
}

/** Every back-office page: staff only, two-factor on, and the section's role checked before it shows. */
export default function AdminLayout() {
  return (
    <BackOfficeFrame>
      <RequireSignedIn>{(profile) => <StaffPages profile={profile} />}</RequireSignedIn>
    </BackOfficeFrame>
  );
}

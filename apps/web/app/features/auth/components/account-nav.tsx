import { Link, useLocation, useNavigate } from 'react-router';
import { isSignInPath, rememberRedirectAfterSignIn, SIGN_IN_PATH } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { signOut } from '../api/auth-api';

const linkStyle =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** The sign-in link for visitors; the shopper's name and a sign-out button once signed in. */
export function AccountNav() {
  const { signedIn, profile } = useUser();
  const location = useLocation();
  const navigate = useNavigate();

  if (signedIn) {
    return (
      <div className="flex items-center gap-1">
        {profile ? (
          <span className="max-w-32 truncate px-2 text-sm font-medium">{profile.firstName}</span>
        ) : null}
        <button
          type="button"
          className={linkStyle}
          onClick={async () => {
            await signOut();
            navigate('/');
          }}
        >
          Sign out
        </button>
      </div>
    );
  }

  return (
    <Link
      to={SIGN_IN_PATH}
      className={linkStyle}
      onClick={() => {
        if (!isSignInPath(location.pathname))
          rememberRedirectAfterSignIn(`${location.pathname}${location.search}${location.hash}`);
      }}
    >
      Sign in
    </Link>
  );
}

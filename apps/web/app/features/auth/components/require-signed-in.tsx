import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { loadCurrentUser } from '../../../lib/current-user';
import { useErrorSlot } from '../../../lib/error-slots';
import {
  redirectToSignIn,
  rememberRedirectAfterSignIn,
  TWO_FACTOR_PATH,
} from '../../../lib/redirect-to-sign-in';
import { needsTwoFactor, type UserProfile, useUser } from '../../../lib/user-store';

type RequireSignedInProps = {
  children: (profile: UserProfile) => ReactNode;
  /**
   * Whether a session that still owes its two-factor code must pass it first. Pages that help a
   * shopper get there (the mailed two-factor reset link, email verification) say false.
   */
  twoFactor?: boolean;
};

/**
 * Shows its content to a signed-in shopper only. A visitor is sent to sign in, and a session that owes
 * its two-factor code to the prompt; both come back to this exact page (path, query and hash) after.
 * A shopper who signs out while it is on screen is sent home.
 */
export function RequireSignedIn({ children, twoFactor = true }: RequireSignedInProps) {
  const user = useUser();
  const currentUserError = useErrorSlot('currentUser');
  const navigate = useNavigate();
  const visitor = user.profileFetched && !user.signedIn;
  const owesTwoFactor = twoFactor && needsTwoFactor(user);

  // Whether this page was shown to the shopper before they became a visitor: only a page still on screen
  // when its shopper signs out sends them home; one opened afterwards asks them to sign in.
  const shownToShopper = useRef(false);

  useEffect(() => {
    if (user.signedIn) shownToShopper.current = true;
    // Replacing the entry keeps Back from returning to a page that would only redirect again.
    const replace = (to: string) => navigate(to, { replace: true });
    if (visitor) {
      if (user.leftByChoice && shownToShopper.current) replace('/');
      else redirectToSignIn(replace);
    } else if (owesTwoFactor) {
      rememberRedirectAfterSignIn();
      replace(TWO_FACTOR_PATH);
    }
  }, [visitor, user.signedIn, user.leftByChoice, owesTwoFactor, navigate]);

  if (user.signedIn && user.profile && !owesTwoFactor) return children(user.profile);
  if (currentUserError && !user.profileFetched) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-10">
        <Alert>We could not load your account: {currentUserError.message}</Alert>
        <Button onClick={() => void loadCurrentUser()}>Try again</Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Loading>Loading your account…</Loading>
    </div>
  );
}

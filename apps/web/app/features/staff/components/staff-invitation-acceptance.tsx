import { formatErrorMessage } from '@crossbuy/core/errors';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses, PendingButton, textLinkClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { loadCurrentUser } from '../../../lib/current-user';
import { rememberRedirectAfterSignIn, SIGN_IN_PATH } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { useAcceptStaffInvitation } from '../api/staff-api';

/**
 * The page a mailed staff invitation opens. A visitor is asked to sign in or register with the invited
 * email and comes back here; a signed-in account accepts with one button and is told what comes next.
 */
export function StaffInvitationAcceptance({ token }: { token: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const accept = useAcceptStaffInvitation();
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (accept.isSuccess || accept.isError) outcome.current?.focus();
  }, [accept.isSuccess, accept.isError]);

  if (token === '') {
    return <Alert>{formatErrorMessage('staff_invitation/invalid_token')}</Alert>;
  }
  if (!user.profileFetched) return <Loading>Loading your account…</Loading>;
  if (!user.signedIn || !user.profile) {
    const goTo = (path: string) => {
      rememberRedirectAfterSignIn();
      navigate(path);
    };
    return (
      <div className="flex flex-col gap-4">
        <p>
          Sign in with the email address the invitation was sent to, or create an account with it, and you
          will come back here to accept.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => goTo(SIGN_IN_PATH)}>Sign in</Button>
          <Button variant="secondary" onClick={() => goTo('/register')}>
            Create an account
          </Button>
        </div>
      </div>
    );
  }

  if (accept.isSuccess) {
    return (
      <div ref={outcome} tabIndex={-1} className="flex flex-col items-start gap-4 outline-none">
        <Alert tone="info">
          Welcome to the team: you are now {accept.data.role === 'admin' ? 'an admin' : 'an operator'} of the
          store.
        </Alert>
        <p>
          The back office asks for two-factor authentication. If it is not on yet, turn it on first, then open
          the back office from your account menu.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin" className={buttonClasses()}>
            Open the back office
          </Link>
          <Link to="/account/security" className={buttonClasses('secondary')}>
            Two-factor authentication
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-start gap-4">
      <p>
        You are signed in as <strong>{user.profile.email}</strong>. Accepting makes this account an operator
        of the store.
      </p>
      <PendingButton
        pending={accept.isPending}
        pendingLabel="Accepting…"
        onClick={() =>
          accept.mutate(token, {
            // The account menu shows the back office once the account is read again with its new role.
            onSuccess: () => void loadCurrentUser(),
          })
        }
      >
        Accept the invitation
      </PendingButton>
      {accept.isError ? (
        <div ref={outcome} tabIndex={-1} className="outline-none">
          <ErrorAlert error={accept.error} />
        </div>
      ) : null}
      <p className="text-sm text-muted">
        Not your account?{' '}
        <Link to={SIGN_IN_PATH} className={textLinkClasses} onClick={() => rememberRedirectAfterSignIn()}>
          Sign in with another one
        </Link>
        .
      </p>
    </div>
  );
}

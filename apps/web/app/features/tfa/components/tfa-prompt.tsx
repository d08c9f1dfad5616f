import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { SIGN_IN_PATH, takeRedirectAfterSignIn } from '../../../lib/redirect-to-sign-in';
import { needsTwoFactor, useUser } from '../../../lib/user-store';
import { verifyTfaCode } from '../api/tfa-api';
import { LostAuthenticator } from './lost-authenticator';
import { TfaAnswerForm } from './tfa-answer-form';

/**
 * The code asked for after signing in to an account with two-factor on. Once it is passed (or if it
 * was not needed after all) the shopper goes on to the page remembered before signing in.
 */
export function TfaPrompt() {
  const user = useUser();
  const navigate = useNavigate();
  // The remembered path is taken once; the user state changes more than once on the way out.
  const left = useRef(false);

  useEffect(() => {
    if (left.current || !user.profileFetched) return;
    if (!user.signedIn) {
      left.current = true;
      navigate(SIGN_IN_PATH, { replace: true });
    } else if (!needsTwoFactor(user)) {
      left.current = true;
      navigate(takeRedirectAfterSignIn(), { replace: true });
    }
  }, [user, navigate]);

  if (!needsTwoFactor(user) || !user.profile) return <Loading />;

  return (
    <div className="flex flex-col gap-10">
      <TfaAnswerForm
        name="Two-factor authentication"
        submitLabel="Verify"
        pendingLabel="Verifying…"
        submit={verifyTfaCode}
        verification
      />
      <LostAuthenticator email={user.profile.email} />
    </div>
  );
}

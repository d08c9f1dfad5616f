import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { UserProfile } from '../../../lib/user-store';
import { resetTfa } from '../api/tfa-api';

type State = { kind: 'idle' | 'resetting' | 'done' } | { kind: 'failed'; message: string };

/**
 * The mailed link for a lost authenticator (/tfa/reset?token=…). It acts only on a click: mail
 * scanners open links on their own, and this one turns a protection off.
 */
export function TfaReset({ profile, token }: { profile: UserProfile; token: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  if (state.kind === 'done' || (!profile.tfaEnabled && state.kind === 'idle')) {
    return (
      <div className="flex flex-col items-start gap-5">
        <Alert tone="info">Two-factor authentication is off for your account.</Alert>
        <p>We recommend turning it on again with your new phone.</p>
        <Link to="/account/security" className={buttonClasses('primary')}>
          Set up two-factor authentication
        </Link>
      </div>
    );
  }

  if (!token) return <Alert>{formatErrorMessage('auth/tfa_reset_token_invalid')}</Alert>;

  const reset = async () => {
    setState({ kind: 'resetting' });
    try {
      await resetTfa(token);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: messageForError(error) });
    }
  };

  return (
    <div className="flex flex-col items-start gap-5">
      <p>
        This turns off two-factor authentication for <strong className="break-all">{profile.email}</strong>,
        so signing in needs only your password until you set it up again.
      </p>
      {state.kind === 'failed' ? <Alert>{state.message}</Alert> : null}
      <Button onClick={reset} disabled={state.kind === 'resetting'}>
        {state.kind === 'resetting' ? 'Turning off…' : 'Turn off two-factor authentication'}
      </Button>
    </div>
  );
}

import { messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { requestTfaReset } from '../api/tfa-api';

type State = { kind: 'idle' | 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** For a shopper without their authenticator: mails a link that turns two-factor off. */
export function LostAuthenticator({ email }: { email: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      await requestTfaReset();
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', message: messageForError(error) });
    }
  };

  return (
    <div className="flex flex-col items-start gap-3">
      <h2 className="text-lg font-semibold">Lost your authenticator?</h2>
      <p className="text-sm text-muted">
        We can email you a link that turns two-factor authentication off. Open it in this browser while you
        are signed in.
      </p>
      {state.kind === 'sent' ? (
        <Alert tone="info">
          We emailed a link to <strong className="break-all">{email}</strong>. It works once.
        </Alert>
      ) : null}
      {state.kind === 'failed' ? <Alert>{state.message}</Alert> : null}
      <Button variant="secondary" onClick={send} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending the link…' : 'Email me a reset link'}
      </Button>
    </div>
  );
}

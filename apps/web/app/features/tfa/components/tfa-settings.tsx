import { messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { UserProfile } from '../../../lib/user-store';
import { disableTfa, skipTfaSetup, startTfaSetup, type TfaSetup, verifyTfaCode } from '../api/tfa-api';
import { LostAuthenticator } from './lost-authenticator';
import { TfaCodeForm } from './tfa-code-form';

/** The setup key in groups of four, as authenticator apps show and ask for it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

type ScanStepProps = { setup: TfaSetup; onCancel: () => void; onEnabled: () => void };

function ScanStep({ setup, onCancel, onEnabled }: ScanStepProps) {
  const verify = async (token: string) => {
    await verifyTfaCode(token);
    onEnabled();
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex list-decimal flex-col gap-2 ps-5">
        <li>
          Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
          1Password.
        </li>
        <li>Scan this QR code with it, or type in the setup key instead.</li>
        <li>Enter the six-digit code the app then shows for Crossbuy.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={240}
          height={240}
          className="size-48 rounded-lg border border-line bg-white p-2 sm:size-60"
        />
        <dl className="min-w-0">
          <dt className="text-sm font-medium">Setup key</dt>
          <dd className="mt-1 font-mono text-lg break-all" data-testid="tfa-secret">
            {groupedSecret(setup.secret)}
          </dd>
        </dl>
      </div>
      <TfaCodeForm
        name="Turn on two-factor authentication"
        submitLabel="Verify and turn on"
        pendingLabel="Verifying…"
        submit={verify}
        verification
      />
      <Button variant="secondary" className="self-start" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

type SetupState =
  | { kind: 'idle' | 'starting' | 'skipping' }
  | { kind: 'scan'; setup: TfaSetup }
  | { kind: 'failed'; message: string }
  | { kind: 'skipped' };

function SetUp({ profile, onEnabled }: { profile: UserProfile; onEnabled: () => void }) {
  const [state, setState] = useState<SetupState>({ kind: 'idle' });

  if (state.kind === 'scan') {
    return <ScanStep setup={state.setup} onCancel={() => setState({ kind: 'idle' })} onEnabled={onEnabled} />;
  }

  // Each start makes a new secret, so it happens on request, never on page load.
  const start = async () => {
    setState({ kind: 'starting' });
    try {
      setState({ kind: 'scan', setup: await startTfaSetup() });
    } catch (error) {
      setState({ kind: 'failed', message: messageForError(error) });
    }
  };

  const skip = async () => {
    setState({ kind: 'skipping' });
    try {
      await skipTfaSetup();
      setState({ kind: 'skipped' });
    } catch (error) {
      setState({ kind: 'failed', message: messageForError(error) });
    }
  };

  return (
    <div className="flex flex-col items-start gap-4">
      <p>
        Two-factor authentication is <strong>off</strong>. With it on, signing in also needs a code from an
        authenticator app on your phone, so your password alone is not enough.
      </p>
      {state.kind === 'failed' ? <Alert>{state.message}</Alert> : null}
      {state.kind === 'skipped' ? (
        <Alert tone="info">We will not remind you again. You can turn it on here at any time.</Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={start} disabled={state.kind === 'starting'}>
          {state.kind === 'starting' ? 'Starting…' : 'Set up two-factor authentication'}
        </Button>
        {profile.tfaSetupSkipped || state.kind === 'skipped' ? null : (
          <Button variant="secondary" onClick={skip} disabled={state.kind === 'skipping'}>
            {state.kind === 'skipping' ? 'Saving…' : 'Not now'}
          </Button>
        )}
      </div>
    </div>
  );
}

type Notice = 'enabled' | 'disabled';

const NOTICES: Record<Notice, string> = {
  enabled: 'Two-factor authentication is now on. We will ask for a code from your app each time you sign in.',
  disabled: 'Two-factor authentication is now off.',
};

/** Two-factor authentication on the security page: set it up with a QR code, or turn it off. */
export function TfaSettings({ profile }: { profile: UserProfile }) {
  const [notice, setNotice] = useState<Notice>();
  const turnOff = async (token: string) => {
    await disableTfa(token);
    setNotice('disabled');
  };

  return (
    <div className="flex flex-col gap-6">
      {notice ? <Alert tone="info">{NOTICES[notice]}</Alert> : null}
      {profile.tfaEnabled ? (
        <div className="flex flex-col gap-10">
          <div className="flex flex-col gap-4">
            <p>
              Two-factor authentication is <strong>on</strong>. To turn it off, enter a current code from your
              authenticator app.
            </p>
            <TfaCodeForm
              name="Turn off two-factor authentication"
              submitLabel="Turn off two-factor authentication"
              pendingLabel="Turning off…"
              variant="secondary"
              submit={turnOff}
            />
          </div>
          <LostAuthenticator email={profile.email} />
        </div>
      ) : (
        <SetUp profile={profile} onEnabled={() => setNotice('enabled')} />
      )}
    </div>
  );
}

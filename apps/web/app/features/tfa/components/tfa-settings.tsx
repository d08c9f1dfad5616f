import { messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { UserProfile } from '../../../lib/user-store';
import { disableTfa, skipTfaSetup, startTfaSetup, type TfaSetup, verifyTfaCode } from '../api/tfa-api';
import { LostAuthenticator } from './lost-authenticator';
import { NewRecoveryCodes } from './new-recovery-codes';
import { RecoveryCodes } from './recovery-codes';
import { TfaAnswerForm } from './tfa-answer-form';
import { AUTHENTICATOR_CODE, TfaCodeForm } from './tfa-code-form';

/** The setup key in groups of four, as authenticator apps show and ask for it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Turning two-factor on answers the recovery codes, which the page shows once. */
type OnEnabled = (recoveryCodes: string[]) => void;

type ScanStepProps = { setup: TfaSetup; onCancel: () => void; onEnabled: OnEnabled };

function ScanStep({ setup, onCancel, onEnabled }: ScanStepProps) {
  const verify = async (token: string) => {
    onEnabled((await verifyTfaCode(token)) ?? []);
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
        field={AUTHENTICATOR_CODE}
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

function SetUp({ profile, onEnabled }: { profile: UserProfile; onEnabled: OnEnabled }) {
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

type TfaSettingsProps = {
  profile: UserProfile;
  /** Whether this session passed two-factor, which making new recovery codes needs. */
  tfaPassed: boolean;
};

/**
 * Two-factor authentication on the security page: set it up with a QR code and save the recovery codes,
 * see how many codes are left and make new ones, or turn it off.
 */
export function TfaSettings({ profile, tfaPassed }: TfaSettingsProps) {
  const [notice, setNotice] = useState<Notice>();
  const [newCodes, setNewCodes] = useState<string[]>();
  const turnOff = async (token: string) => {
    await disableTfa(token);
    setNotice('disabled');
  };
  const enabled = (recoveryCodes: string[]) => {
    setNotice('enabled');
    setNewCodes(recoveryCodes);
  };

  return (
    <div className="flex flex-col gap-6">
      {notice ? <Alert tone="info">{NOTICES[notice]}</Alert> : null}
      {newCodes && profile.tfaEnabled ? (
        <NewRecoveryCodes codes={newCodes} email={profile.email} onSaved={() => setNewCodes(undefined)} />
      ) : profile.tfaEnabled ? (
        <div className="flex flex-col gap-10">
          <div className="flex flex-col gap-4">
            <p>
              Two-factor authentication is <strong>on</strong>. To turn it off, enter a current code from your
              authenticator app, or one of your recovery codes.
            </p>
            <TfaAnswerForm
              name="Turn off two-factor authentication"
              submitLabel="Turn off two-factor authentication"
              pendingLabel="Turning off…"
              variant="secondary"
              submit={turnOff}
            />
          </div>
          <RecoveryCodes email={profile.email} tfaPassed={tfaPassed} />
          <LostAuthenticator email={profile.email} />
        </div>
      ) : (
        <SetUp profile={profile} onEnabled={enabled} />
      )}
    </div>
  );
}

import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODES_LOW,
  type RegenerateRecoveryCodesInput,
  regenerateRecoveryCodesSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormPasswordField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { useRecoveryCodesLeft, useRegenerateRecoveryCodes } from '../api/tfa-api';
import { NewRecoveryCodes } from './new-recovery-codes';

const FIELDS_BY_CODE: FieldsByCode<RegenerateRecoveryCodesInput> = { 'auth/wrong_password': 'password' };

/** How many codes are left, in words, with a warning once few are. */
function CodesLeft({ remaining }: { remaining: number }) {
  const count = `${remaining} of ${RECOVERY_CODE_COUNT}`;
  return (
    <div className="flex flex-col gap-3">
      <p data-testid="recovery-codes-left">
        {remaining === 0 ? (
          <>
            You have <strong>no recovery codes</strong> left.
          </>
        ) : (
          <>
            You have <strong>{count}</strong> recovery {remaining === 1 ? 'code' : 'codes'} left.
          </>
        )}
      </p>
      {remaining <= RECOVERY_CODES_LOW ? (
        <Alert>
          {remaining === 0
            ? 'Without recovery codes, losing your phone would lock you out until we email you a reset link.'
            : 'You are running out of recovery codes.'}{' '}
          Make new ones below and keep them somewhere safe.
        </Alert>
      ) : null}
    </div>
  );
}

function RegenerateForm({ onMade, onCancel }: { onMade: (codes: string[]) => void; onCancel: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [message, setMessage] = useState<string>();
  const form = useForm<RegenerateRecoveryCodesInput>({
    resolver: zodResolver(regenerateRecoveryCodesSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setMessage(undefined);
    try {
      onMade(await regenerate.mutateAsync(password));
    } catch (error) {
      setMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });
  return (
    <div className="flex flex-col items-start gap-3">
      <Form form={form} onSubmit={onSubmit} label="Make new recovery codes" message={message}>
        <FormPasswordField<RegenerateRecoveryCodesInput>
          name="password"
          purpose="current"
          hint="To make new codes, confirm it is you. Your current codes stop working at once."
        />
        <FormSubmitRow label="Make new codes" pendingLabel="Making new codes…" />
      </Form>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

type RecoveryCodesProps = {
  email: string;
  /** New codes need two-factor passed in this session. */
  tfaPassed: boolean;
};

/** The security page's recovery codes: how many are left, and new ones on request. */
export function RecoveryCodes({ email, tfaPassed }: RecoveryCodesProps) {
  const headingId = useId();
  const left = useRecoveryCodesLeft();
  const [asking, setAsking] = useState(false);
  const [fresh, setFresh] = useState<string[]>();

  if (fresh) {
    return <NewRecoveryCodes codes={fresh} email={email} onSaved={() => setFresh(undefined)} />;
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col items-start gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Recovery codes
      </h3>
      <p className="text-sm text-muted">
        Each recovery code signs you in once if you cannot use your authenticator app.
      </p>
      {left.data !== undefined ? <CodesLeft remaining={left.data} /> : null}
      <ErrorAlert error={left.error} />
      {!tfaPassed ? (
        <p className="text-sm">To make new codes, sign in again with a code from your authenticator app.</p>
      ) : asking ? (
        <RegenerateForm
          onMade={(codes) => {
            setAsking(false);
            setFresh(codes);
          }}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Make new recovery codes
        </Button>
      )}
    </section>
  );
}

import { useState } from 'react';
import { type ButtonVariant, textLinkClasses } from '../../../components/ui/button';
import { AUTHENTICATOR_CODE, RECOVERY_CODE, TfaCodeForm } from './tfa-code-form';

type TfaAnswerFormProps = {
  name: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** Sends the authenticator's code or a recovery code, both as the API's `token`. */
  submit: (token: string) => Promise<unknown>;
  verification?: boolean;
};

/**
 * Where two-factor is on and a code is asked for (signing in, turning it off): the authenticator's code,
 * or, for someone without their phone, one of their recovery codes instead.
 */
export function TfaAnswerForm({ submit, ...form }: TfaAnswerFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [switched, setSwitched] = useState(false);
  const field = useRecoveryCode ? RECOVERY_CODE : AUTHENTICATOR_CODE;
  return (
    <div className="flex flex-col items-start gap-3">
      <div className="w-full">
        {/* Keyed by the field, so switching starts an empty form that takes the cursor. */}
        <TfaCodeForm key={field.name} {...form} field={field} submit={submit} focusOnMount={switched} />
      </div>
      <button
        type="button"
        className={`${textLinkClasses} text-sm`}
        onClick={() => {
          setUseRecoveryCode((current) => !current);
          setSwitched(true);
        }}
      >
        {useRecoveryCode ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
      </button>
    </div>
  );
}

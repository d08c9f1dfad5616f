import { type TfaCodeInput, tfaCodeSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ButtonVariant } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormCodeField } from '../../../components/ui/form-fields';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { type FieldsByCode, formLevelMessage, showServerError } from '../../../lib/form-errors';

const FIELDS_BY_CODE: FieldsByCode<TfaCodeInput> = { 'auth/tfa_wrong_code': 'token' };

type TfaCodeFormProps = {
  /** Names the form for assistive technology. */
  name: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** Sends the code; throws the API's error when it is refused. */
  submit: (token: string) => Promise<void>;
  /**
   * True when `submit` is a two-factor verification, whose failures live in their error slot (spec
   * section 8); other calls keep theirs in the form.
   */
  verification?: boolean;
  /** Puts the cursor in the field at once, when the shopper has just switched to this form. */
  focusOnMount?: boolean;
};

/** One six-digit code from the authenticator app, for the prompt, the setup and turning it off. */
export function TfaCodeForm({
  name,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  submit,
  verification = false,
  focusOnMount = false,
}: TfaCodeFormProps) {
  const failure = useErrorSlot('twoFactorVerification');
  const [localMessage, setLocalMessage] = useState<string>();
  const form = useForm<TfaCodeInput>({ resolver: zodResolver(tfaCodeSchema), defaultValues: { token: '' } });

  // A failure belongs to this visit of the form, not to the next one.
  useEffect(() => {
    if (verification) return () => clearErrorSlot('twoFactorVerification');
  }, [verification]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first appears
  useEffect(() => {
    if (focusOnMount) form.setFocus('token');
  }, []);

  const onSubmit = form.handleSubmit(async ({ token }) => {
    setLocalMessage(undefined);
    try {
      await submit(token);
    } catch (error) {
      const message = showServerError(error, form.setError, FIELDS_BY_CODE);
      if (!verification) setLocalMessage(message);
    }
  });

  const formMessage = verification ? formLevelMessage(failure, FIELDS_BY_CODE) : localMessage;

  return (
    <Form form={form} onSubmit={onSubmit} label={name} message={formMessage}>
      <FormCodeField<TfaCodeInput>
        name="token"
        label="Authentication code"
        hint="The six-digit code your authenticator app shows for Crossbuy."
      />
      <FormSubmitRow label={submitLabel} pendingLabel={pendingLabel} variant={variant} />
    </Form>
  );
}

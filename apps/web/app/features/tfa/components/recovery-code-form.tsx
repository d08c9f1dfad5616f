import { ApiError } from '@crossbuy/core/errors';
import { type RecoveryCodeFormInput, recoveryCodeFormSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ButtonVariant } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { type FieldsByCode, formLevelMessage, showServerError } from '../../../lib/form-errors';

const FIELDS_BY_CODE: FieldsByCode<RecoveryCodeFormInput> = { 'auth/tfa_wrong_code': 'recoveryCode' };

// The store cannot tell a mistyped code from one already used, and neither may it say which.
const WRONG_RECOVERY_CODE = 'This recovery code is not right, or it has already been used.';

type RecoveryCodeFormProps = {
  name: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** Sends the code; throws the API's error when it is refused. */
  submit: (code: string) => Promise<unknown>;
  /** As for TfaCodeForm: true when failures live in the two-factor verification error slot. */
  verification?: boolean;
  /** Puts the cursor in the field at once, when the shopper has just switched to this form. */
  focusOnMount?: boolean;
};

/** One of the recovery codes saved at setup, in place of a code from the authenticator app. */
export function RecoveryCodeForm({
  name,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  submit,
  verification = false,
  focusOnMount = false,
}: RecoveryCodeFormProps) {
  const failure = useErrorSlot('twoFactorVerification');
  const [localMessage, setLocalMessage] = useState<string>();
  const form = useForm<RecoveryCodeFormInput>({
    resolver: zodResolver(recoveryCodeFormSchema),
    defaultValues: { recoveryCode: '' },
  });

  useEffect(() => {
    if (verification) return () => clearErrorSlot('twoFactorVerification');
  }, [verification]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first appears
  useEffect(() => {
    if (focusOnMount) form.setFocus('recoveryCode');
  }, []);

  const onSubmit = form.handleSubmit(async ({ recoveryCode }) => {
    setLocalMessage(undefined);
    try {
      await submit(recoveryCode);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth/tfa_wrong_code') {
        form.setError(
          'recoveryCode',
          { type: 'server', message: WRONG_RECOVERY_CODE },
          { shouldFocus: true },
        );
        return;
      }
      const message = showServerError(error, form.setError, FIELDS_BY_CODE);
      if (!verification) setLocalMessage(message);
    }
  });

  const formMessage = verification ? formLevelMessage(failure, FIELDS_BY_CODE) : localMessage;

  return (
    <Form form={form} onSubmit={onSubmit} label={name} message={formMessage}>
      <FormTextField<RecoveryCodeFormInput>
        name="recoveryCode"
        label="Recovery code"
        hint={
          <>
            One of the codes you saved when you turned on two-factor authentication, such as{' '}
            <span className="whitespace-nowrap">ABCD-EFGH-JKMN</span>. Each works once.
          </>
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <FormSubmitRow label={submitLabel} pendingLabel={pendingLabel} variant={variant} />
    </Form>
  );
}

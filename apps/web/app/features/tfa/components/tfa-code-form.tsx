import { ApiError } from '@crossbuy/core/errors';
import {
  type RecoveryCodeFormInput,
  recoveryCodeFormSchema,
  type TfaCodeInput,
  tfaCodeSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ButtonVariant } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormCodeField, FormTextField } from '../../../components/ui/form-fields';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { type FieldsByCode, formLevelMessage, showServerError } from '../../../lib/form-errors';

/** The one field a two-factor code form asks for. */
export type TfaCodeField = {
  /** The field's name, as the schema and the form know it. */
  name: string;
  label: string;
  hint: ReactNode;
  /** Checks the field before it is sent; its issues are catalogue codes. */
  schema: z.ZodType<Record<string, string>, Record<string, string>>;
  /** A six-digit code gets the one-time-code input; anything else a plain text input. */
  sixDigits: boolean;
  /** What a refused code reads, when the catalogue's sentence would say too little; its sentence otherwise. */
  wrongCodeMessage?: string;
};

/** The six-digit code the authenticator app shows. */
export const AUTHENTICATOR_CODE: TfaCodeField = {
  name: 'token' satisfies keyof TfaCodeInput,
  label: 'Authentication code',
  hint: 'The six-digit code your authenticator app shows for Crossbuy.',
  schema: tfaCodeSchema,
  sixDigits: true,
};

/** One of the recovery codes saved at setup, in place of a code from the authenticator app. */
export const RECOVERY_CODE: TfaCodeField = {
  name: 'recoveryCode' satisfies keyof RecoveryCodeFormInput,
  label: 'Recovery code',
  hint: (
    <>
      One of the codes you saved when you turned on two-factor authentication, such as{' '}
      <span className="whitespace-nowrap">ABCD-EFGH-JKMN</span>. Each works once.
    </>
  ),
  schema: recoveryCodeFormSchema,
  sixDigits: false,
  // The store cannot tell a mistyped code from one already used, and neither may it say which.
  wrongCodeMessage: 'This recovery code is not right, or it has already been used.',
};

type CodeValues = Record<string, string>;

type TfaCodeFormProps = {
  /** Which code is asked for. */
  field: TfaCodeField;
  /** Names the form for assistive technology. */
  name: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** Sends the code; throws the API's error when it is refused. */
  submit: (code: string) => Promise<unknown>;
  /**
   * True when `submit` is a two-factor verification, whose failures live in their error slot
   * (docs/rules/api-and-errors.md); other calls keep theirs in the form.
   */
  verification?: boolean;
  /** Puts the cursor in the field at once, when the shopper has just switched to this form. */
  focusOnMount?: boolean;
};

/** One two-factor code (the authenticator's or a recovery code), for the prompt, the setup and turning it off. */
export function TfaCodeForm({
  field,
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
  const form = useForm<CodeValues>({
    resolver: zodResolver(field.schema),
    defaultValues: { [field.name]: '' },
  });
  const fieldsByCode: FieldsByCode<CodeValues> = { 'auth/tfa_wrong_code': field.name };

  // A failure belongs to this visit of the form, not to the next one.
  useEffect(() => {
    if (verification) return () => clearErrorSlot('twoFactorVerification');
  }, [verification]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first appears
  useEffect(() => {
    if (focusOnMount) form.setFocus(field.name);
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setLocalMessage(undefined);
    try {
      await submit(values[field.name] ?? '');
    } catch (error) {
      if (field.wrongCodeMessage && error instanceof ApiError && error.code === 'auth/tfa_wrong_code') {
        form.setError(field.name, { type: 'server', message: field.wrongCodeMessage }, { shouldFocus: true });
        return;
      }
      const message = showServerError(error, form.setError, fieldsByCode);
      if (!verification) setLocalMessage(message);
    }
  });

  const formMessage = verification ? formLevelMessage(failure, fieldsByCode) : localMessage;

  return (
    <Form form={form} onSubmit={onSubmit} label={name} message={formMessage}>
      {field.sixDigits ? (
        <FormCodeField<CodeValues> name={field.name} label={field.label} hint={field.hint} />
      ) : (
        <FormTextField<CodeValues>
          name={field.name}
          label={field.label}
          hint={field.hint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      )}
      <FormSubmitRow label={submitLabel} pendingLabel={pendingLabel} variant={variant} />
    </Form>
  );
}

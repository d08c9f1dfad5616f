import {
  type ForgotPasswordInput,
  type ForgotPasswordOutput,
  forgotPasswordSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormEmailField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { forgotPassword } from '../api/auth-api';
import { BackToSignIn } from './back-to-sign-in';

const FIELDS_BY_CODE: FieldsByCode<ForgotPasswordInput> = { 'user/invalid_email': 'email' };

/** Mails a reset link. The answer is the same whether or not the account exists, and so is the page. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string>();
  const [formMessage, setFormMessage] = useState<string>();
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordOutput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="info">
          If there is a Crossbuy account for <strong className="break-all">{sentTo}</strong>, we have emailed
          it a link to choose a new password. The link works once.
        </Alert>
        <BackToSignIn />
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormMessage(undefined);
    try {
      await forgotPassword(email);
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
      return;
    }
    setSentTo(email);
  });

  return (
    <Form form={form} onSubmit={onSubmit} label="Reset your password" message={formMessage}>
      <FormEmailField<ForgotPasswordInput> name="email" />
      <FormSubmitRow label="Email me a reset link" pendingLabel="Sending…" fullWidth />
      <BackToSignIn />
    </Form>
  );
}

import {
  type ForgotPasswordInput,
  type ForgotPasswordOutput,
  forgotPasswordSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { forgotPassword } from '../api/auth-api';

const FIELDS_BY_CODE: FieldsByCode<ForgotPasswordInput> = { 'user/invalid_email': 'email' };

/** Mails a reset link. The answer is the same whether or not the account exists, and so is the page. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string>();
  const [formMessage, setFormMessage] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordOutput>({
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
        <p className="text-sm">
          <Link to="/sign_in" className={textLinkClasses}>
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormMessage(undefined);
    try {
      await forgotPassword(email);
    } catch (error) {
      setFormMessage(showServerError(error, setError, FIELDS_BY_CODE));
      return;
    }
    setSentTo(email);
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Reset your password"
    >
      {formMessage ? <Alert>{formMessage}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={fieldErrorMessage(errors.email)}
        {...register('email')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Email me a reset link'}
      </Button>
      <p className="text-sm">
        <Link to="/sign_in" className={textLinkClasses}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

import { ApiError, formatErrorMessage } from '@crossbuy/core/errors';
import {
  type ResetPasswordInput,
  type ResetPasswordOutput,
  resetPasswordSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { loadCurrentUser } from '../../../lib/current-user';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { resetPassword } from '../api/auth-api';
import { BackToSignIn } from './back-to-sign-in';
import { NewPasswordField } from './new-password-field';

const FIELDS_BY_CODE: FieldsByCode<ResetPasswordInput> = { 'auth/invalid_new_password': 'password' };

// A used, expired or mistyped link cannot be fixed on this page; only a new link helps.
const LINK_CODES: ReadonlySet<string | undefined> = new Set([
  'auth/invalid_password_reset_token',
  'auth/password_reset_token_expired',
]);

function AskAgain({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-5">
      <Alert>{message}</Alert>
      <Link to="/forgot_password" className={buttonClasses('primary', 'self-start')}>
        Request a new link
      </Link>
    </div>
  );
}

type ResetPasswordFormProps = { uid: string; token: string };

/** Sets a new password from the mailed link (/reset_password?uid=…&token=…). */
export function ResetPasswordForm({ uid, token }: ResetPasswordFormProps) {
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string>();
  const [formMessage, setFormMessage] = useState<string>();
  const form = useForm<ResetPasswordInput, unknown, ResetPasswordOutput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { uid, resetPasswordToken: token, password: '' },
  });

  // A link with its query cut off (mail clients wrap long lines) cannot work; say so before any typing.
  if (!uid || !token) return <AskAgain message={formatErrorMessage('auth/invalid_password_reset_token')} />;
  if (linkProblem) return <AskAgain message={linkProblem} />;

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="info">
          Your password has been changed, and every device that was signed in to your account has been signed
          out.
        </Alert>
        <Link to="/sign_in" className={buttonClasses('primary', 'self-start')}>
          Sign in with your new password
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    try {
      await resetPassword(values);
    } catch (error) {
      const message = showServerError(error, form.setError, FIELDS_BY_CODE);
      if (LINK_CODES.has(error instanceof ApiError ? error.code : undefined)) setLinkProblem(message);
      else setFormMessage(message);
      return;
    }
    setDone(true);
    // The reset ended every session of the account, perhaps this browser's too.
    void loadCurrentUser();
  });

  return (
    <Form form={form} onSubmit={onSubmit} label="Choose a new password" message={formMessage}>
      <NewPasswordField<ResetPasswordInput> name="password" />
      <FormSubmitRow label="Save new password" pendingLabel="Saving…" fullWidth />
      <BackToSignIn />
    </Form>
  );
}

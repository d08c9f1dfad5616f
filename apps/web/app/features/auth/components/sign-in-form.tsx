import { type LoginInput, type LoginOutput, loginSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import {
  type FieldsByCode,
  fieldErrorMessage,
  formLevelMessage,
  showServerError,
} from '../../../lib/form-errors';
import { TWO_FACTOR_PATH, takeRedirectAfterSignIn } from '../../../lib/redirect-to-sign-in';
import { needsTwoFactor } from '../../../lib/user-store';
import { signIn } from '../api/auth-api';

// A wrong password is about the pair, so it stays a form-level message rather than blaming one field.
const FIELDS_BY_CODE: FieldsByCode<LoginInput> = { 'user/invalid_email': 'email' };

export function SignInForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const failure = useErrorSlot('signIn');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberme: false },
  });

  // A failure belongs to this visit of the page, not to the next one.
  useEffect(() => () => clearErrorSlot('signIn'), []);

  const onSubmit = handleSubmit(async (values) => {
    let user: Awaited<ReturnType<typeof signIn>>;
    try {
      user = await signIn(values);
    } catch (error) {
      // The failure is in the sign-in error slot; a field it concerns is marked as well.
      showServerError(error, setError, FIELDS_BY_CODE);
      return;
    }
    // The remembered path waits in session storage until two-factor is passed.
    navigate(needsTwoFactor(user) ? TWO_FACTOR_PATH : takeRedirectAfterSignIn(), { replace: true });
  });

  const formMessage = formLevelMessage(failure, FIELDS_BY_CODE);

  // method="post" keeps a password out of the URL should the form be sent before the page's scripts run.
  return (
    <div className={`flex flex-col gap-6 ${className}`.trim()}>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldErrorMessage(errors.email)}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={fieldErrorMessage(errors.password)}
          {...register('password')}
        />
        <CheckboxField label="Remember me" {...register('rememberme')} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="text-sm">
        <Link to="/forgot_password" className={textLinkClasses}>
          Forgot your password?
        </Link>
      </p>
      <p className="text-sm text-muted">
        New to Crossbuy?{' '}
        <Link to="/register" className={textLinkClasses}>
          Create an account
        </Link>
      </p>
    </div>
  );
}

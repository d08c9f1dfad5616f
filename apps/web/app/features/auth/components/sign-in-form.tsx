import { type LoginInput, type LoginOutput, loginSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormCheckbox, FormEmailField, FormPasswordField } from '../../../components/ui/form-fields';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { type FieldsByCode, formLevelMessage, showServerError } from '../../../lib/form-errors';
import { TWO_FACTOR_PATH, takeRedirectAfterSignIn } from '../../../lib/redirect-to-sign-in';
import { needsTwoFactor } from '../../../lib/user-store';
import { signIn } from '../api/auth-api';

// A wrong password is about the pair, so it stays a form-level message rather than blaming one field.
const FIELDS_BY_CODE: FieldsByCode<LoginInput> = { 'user/invalid_email': 'email' };

export function SignInForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const failure = useErrorSlot('signIn');
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberme: false },
  });

  // A failure belongs to this visit of the page, not to the next one.
  useEffect(() => () => clearErrorSlot('signIn'), []);

  const onSubmit = form.handleSubmit(async (values) => {
    let user: Awaited<ReturnType<typeof signIn>>;
    try {
      user = await signIn(values);
    } catch (error) {
      // The failure is in the sign-in error slot; a field it concerns is marked as well.
      showServerError(error, form.setError, FIELDS_BY_CODE);
      return;
    }
    // The remembered path waits in session storage until two-factor is passed.
    navigate(needsTwoFactor(user) ? TWO_FACTOR_PATH : takeRedirectAfterSignIn(), { replace: true });
  });

  const formMessage = formLevelMessage(failure, FIELDS_BY_CODE);

  return (
    <div className={`flex flex-col gap-6 ${className}`.trim()}>
      <Form form={form} onSubmit={onSubmit} label="Sign in" message={formMessage}>
        <FormEmailField<LoginInput> name="email" />
        <FormPasswordField<LoginInput> name="password" purpose="current" />
        <FormCheckbox<LoginInput> name="rememberme" label="Remember me" />
        <FormSubmitRow label="Sign in" pendingLabel="Signing in…" fullWidth />
      </Form>
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

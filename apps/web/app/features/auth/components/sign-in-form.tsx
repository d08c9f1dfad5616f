import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { takeRedirectAfterSignIn } from '../../../lib/redirect-to-sign-in';
import { signIn } from '../api/auth-api';
import { type SignInValues, signInSchema } from '../sign-in-schema';

export function SignInForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const failure = useErrorSlot('signIn');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberme: false },
  });

  // A failure belongs to this visit of the page, not to the next one.
  useEffect(() => () => clearErrorSlot('signIn'), []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn(values);
    } catch {
      // The failure is in the sign-in error slot, shown above the form.
      return;
    }
    navigate(takeRedirectAfterSignIn(), { replace: true });
  });

  // method="post" keeps a password out of the URL should the form be sent before the page's scripts run.
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className={`flex flex-col gap-5 ${className}`.trim()}
      aria-label="Sign in"
    >
      {failure ? <Alert>{failure.message}</Alert> : null}
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
  );
}

import {
  type ChangePasswordInput,
  type ChangePasswordOutput,
  changePasswordSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { changePassword } from '../api/auth-api';
import { PASSWORD_RULE_HINT } from '../password-rule';

const FIELDS_BY_CODE: FieldsByCode<ChangePasswordInput> = {
  'auth/wrong_password': 'currentPassword',
  'auth/invalid_new_password': 'newPassword',
};

type Notice = { tone: 'info' | 'error'; text: string };

export function ChangePasswordForm() {
  const [notice, setNotice] = useState<Notice>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      await changePassword(values);
    } catch (error) {
      const message = showServerError(error, setError, FIELDS_BY_CODE);
      if (message) setNotice({ tone: 'error', text: message });
      return;
    }
    reset();
    setNotice({
      tone: 'info',
      text: 'Your password has been changed. Other devices signed in to your account have been signed out.',
    });
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Change password"
    >
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={fieldErrorMessage(errors.currentPassword)}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        error={fieldErrorMessage(errors.newPassword)}
        {...register('newPassword')}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Changing password…' : 'Change password'}
      </Button>
    </form>
  );
}

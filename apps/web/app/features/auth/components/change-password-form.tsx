import {
  type ChangePasswordInput,
  type ChangePasswordOutput,
  changePasswordSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormPasswordField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { changePassword } from '../api/auth-api';
import { NewPasswordField } from './new-password-field';

const FIELDS_BY_CODE: FieldsByCode<ChangePasswordInput> = {
  'auth/wrong_password': 'currentPassword',
  'auth/invalid_new_password': 'newPassword',
};

const CHANGED =
  'Your password has been changed. Other devices signed in to your account have been signed out.';

export function ChangePasswordForm() {
  const [formMessage, setFormMessage] = useState<string>();
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    setChanged(false);
    try {
      await changePassword(values);
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
      return;
    }
    form.reset();
    setChanged(true);
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="Change password"
      message={formMessage}
      notice={changed ? CHANGED : undefined}
    >
      <FormPasswordField<ChangePasswordInput>
        name="currentPassword"
        label="Current password"
        purpose="current"
      />
      <NewPasswordField<ChangePasswordInput> name="newPassword" />
      <FormSubmitRow label="Change password" pendingLabel="Changing password…" variant="secondary" />
    </Form>
  );
}

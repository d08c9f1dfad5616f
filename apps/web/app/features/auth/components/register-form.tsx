import { type RegisterInput, type RegisterOutput, registerSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox, FormEmailField } from '../../../components/ui/form-fields';
import { PersonDetailsFields, PersonNameFields } from '../../../components/ui/person-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { PERSON_FIELDS_BY_CODE } from '../../../lib/person-fields';
import type { Gender } from '../../../lib/user-store';
import { register as registerAccount } from '../api/auth-api';
import { NewPasswordField } from './new-password-field';
import { TermsLabel } from './terms-label';

/** What the form holds while the shopper fills it in: no gender chosen yet, terms not yet ticked. */
type RegisterFormValues = Omit<RegisterInput, 'gender' | 'acceptTerms'> & {
  gender: Gender | '';
  acceptTerms: boolean;
};

// The schema judges exactly these values (an empty gender or an unticked box is an error it reports);
// its input type is only narrower than what a form must be able to hold.
const resolver = zodResolver(registerSchema) as unknown as Resolver<
  RegisterFormValues,
  unknown,
  RegisterOutput
>;

const FIELDS_BY_CODE: FieldsByCode<RegisterFormValues> = {
  'auth/email_taken': 'email',
  'user/invalid_email': 'email',
  'user/invalid_password': 'password',
  'user/invalid_accept_terms': 'acceptTerms',
  ...PERSON_FIELDS_BY_CODE,
};

const VERIFY_EMAIL_PATH = '/verify_email';

export function RegisterForm() {
  const navigate = useNavigate();
  const [formMessage, setFormMessage] = useState<string>();
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      country: 'SG',
      phoneNumber: '',
      birthDate: '',
      gender: '',
      acceptTerms: false,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    try {
      await registerAccount(values);
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
      return;
    }
    navigate(VERIFY_EMAIL_PATH);
  });

  return (
    <div className="flex flex-col gap-6">
      <Form
        form={form}
        onSubmit={onSubmit}
        label="Create an account"
        message={formMessage}
        errorSummary
        intro={<RequiredFieldsNote />}
      >
        <PersonNameFields />
        <FormEmailField<RegisterFormValues> name="email" required />
        <NewPasswordField<RegisterFormValues> name="password" label="Password" required />
        <PersonDetailsFields allRequired />
        <FormCheckbox<RegisterFormValues>
          name="acceptTerms"
          label={<TermsLabel />}
          summaryLabel="I accept the terms and conditions"
        />
        <FormSubmitRow label="Create account" pendingLabel="Creating your account…" fullWidth />
      </Form>
      <p className="text-sm text-muted">
        Already have an account?{' '}
        <Link to="/sign_in" className={textLinkClasses}>
          Sign in
        </Link>
      </p>
    </div>
  );
}

import { type RegisterInput, type RegisterOutput, registerSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { countryOptions, GENDER_OPTIONS, PHONE_NUMBER_HINT } from '../../../lib/person-fields';
import type { Gender } from '../../../lib/user-store';
import { register as registerAccount } from '../api/auth-api';
import { PASSWORD_RULE_HINT } from '../password-rule';

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
  'user/invalid_first_name': 'firstName',
  'user/invalid_last_name': 'lastName',
  'user/invalid_phone_number': 'phoneNumber',
  'user/invalid_country': 'country',
  'user/invalid_birthdate': 'birthDate',
  'user/invalid_gender': 'gender',
  'user/invalid_accept_terms': 'acceptTerms',
};

const VERIFY_EMAIL_PATH = '/verify_email';

export function RegisterForm() {
  const navigate = useNavigate();
  const [formMessage, setFormMessage] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterOutput>({
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

  const onSubmit = handleSubmit(async (values) => {
    setFormMessage(undefined);
    try {
      await registerAccount(values);
    } catch (error) {
      setFormMessage(showServerError(error, setError, FIELDS_BY_CODE));
      return;
    }
    navigate(VERIFY_EMAIL_PATH);
  });

  return (
    <div className="flex flex-col gap-6">
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-label="Create an account"
      >
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <p className="text-sm text-muted">
          Fields marked <span className="text-danger-700">*</span> are required.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            required
            autoComplete="given-name"
            error={fieldErrorMessage(errors.firstName)}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            required
            autoComplete="family-name"
            error={fieldErrorMessage(errors.lastName)}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldErrorMessage(errors.email)}
          {...register('email')}
        />
        <TextField
          label="Password"
          required
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
          error={fieldErrorMessage(errors.password)}
          {...register('password')}
        />
        <SelectField
          label="Country"
          required
          autoComplete="country"
          options={countryOptions()}
          error={fieldErrorMessage(errors.country)}
          {...register('country')}
        />
        <TextField
          label="Phone number"
          required
          type="tel"
          autoComplete="tel"
          hint={PHONE_NUMBER_HINT}
          error={fieldErrorMessage(errors.phoneNumber)}
          {...register('phoneNumber')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Date of birth"
            required
            type="date"
            autoComplete="bday"
            error={fieldErrorMessage(errors.birthDate)}
            {...register('birthDate')}
          />
          <SelectField
            label="Gender"
            required
            autoComplete="sex"
            placeholder="Select"
            options={GENDER_OPTIONS}
            error={fieldErrorMessage(errors.gender)}
            {...register('gender')}
          />
        </div>
        <CheckboxField
          label="I accept the terms and conditions"
          error={fieldErrorMessage(errors.acceptTerms)}
          {...register('acceptTerms')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <p className="text-sm text-muted">
        Already have an account?{' '}
        <Link to="/sign_in" className={textLinkClasses}>
          Sign in
        </Link>
      </p>
    </div>
  );
}

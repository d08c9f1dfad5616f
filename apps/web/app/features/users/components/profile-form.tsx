import {
  type ProfileUpdateInput,
  type ProfileUpdateOutput,
  profileUpdateSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, type ResolverOptions, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import {
  type FieldsByCode,
  fieldErrorMessage,
  formLevelMessage,
  showServerError,
} from '../../../lib/form-errors';
import { countryOptions, GENDER_OPTIONS, PHONE_NUMBER_HINT } from '../../../lib/person-fields';
import type { Gender, UserProfile } from '../../../lib/user-store';
import { updateProfile } from '../api/profile-api';

type ProfileFormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
  birthDate: string;
  gender: Gender | '';
};

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'country', 'birthDate', 'gender'] as const;

const FIELDS_BY_CODE: FieldsByCode<ProfileFormValues> = {
  'user/invalid_first_name': 'firstName',
  'user/invalid_last_name': 'lastName',
  'user/invalid_phone_number': 'phoneNumber',
  'user/invalid_country': 'country',
  'user/invalid_birthdate': 'birthDate',
  'user/invalid_gender': 'gender',
};

function formValues(profile: UserProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber ?? '',
    country: profile.country ?? '',
    birthDate: profile.birthDate ?? '',
    gender: profile.gender ?? '',
  };
}

/**
 * The update sent for the form: a field the account never had may stay empty and is left out; any
 * other field is sent, so emptying a name is reported rather than quietly ignored.
 */
function toUpdate(values: ProfileFormValues, profile: UserProfile): ProfileUpdateInput {
  const update: Record<string, string> = {};
  for (const field of FIELDS) {
    if (values[field] !== '' || profile[field]) update[field] = values[field];
  }
  return update as ProfileUpdateInput;
}

const schemaResolver = zodResolver(profileUpdateSchema);

function profileResolver(profile: UserProfile): Resolver<ProfileFormValues, unknown, ProfileUpdateOutput> {
  return (values, context, options) =>
    schemaResolver(
      toUpdate(values, profile),
      context,
      // The field references and names are the form's own; only the values are reshaped.
      options as unknown as ResolverOptions<ProfileUpdateInput>,
    ) as ReturnType<Resolver<ProfileFormValues, unknown, ProfileUpdateOutput>>;
}

export function ProfileForm({ profile }: { profile: UserProfile }) {
  const failure = useErrorSlot('profileUpdate');
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileUpdateOutput>({
    resolver: profileResolver(profile),
    defaultValues: formValues(profile),
  });

  // A failure belongs to this visit of the page, not to the next one.
  useEffect(() => () => clearErrorSlot('profileUpdate'), []);

  const onSubmit = handleSubmit(async (changes) => {
    setSaved(false);
    try {
      await updateProfile(changes);
    } catch (error) {
      // The failure is in the profile-update error slot; a field it concerns is marked as well.
      showServerError(error, setError, FIELDS_BY_CODE);
      return;
    }
    setSaved(true);
  });

  // What the server stored (a phone number in international form) becomes the form's new starting point.
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const formMessage = formLevelMessage(failure, FIELDS_BY_CODE);

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Profile">
      {formMessage ? <Alert>{formMessage}</Alert> : null}
      {saved ? <Alert tone="info">Your profile has been saved.</Alert> : null}
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
      <SelectField
        label="Country"
        autoComplete="country"
        placeholder="Select"
        options={countryOptions()}
        error={fieldErrorMessage(errors.country)}
        {...register('country')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint={PHONE_NUMBER_HINT}
        error={fieldErrorMessage(errors.phoneNumber)}
        {...register('phoneNumber')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          error={fieldErrorMessage(errors.birthDate)}
          {...register('birthDate')}
        />
        <SelectField
          label="Gender"
          autoComplete="sex"
          placeholder="Select"
          options={GENDER_OPTIONS}
          error={fieldErrorMessage(errors.gender)}
          {...register('gender')}
        />
      </div>
      <Button type="submit" className="self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}

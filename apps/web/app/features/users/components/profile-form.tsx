import {
  type ProfileUpdateInput,
  type ProfileUpdateOutput,
  profileUpdateSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, type ResolverOptions, useForm } from 'react-hook-form';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { PersonDetailsFields, PersonNameFields } from '../../../components/ui/person-fields';
import { clearErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { type FieldsByCode, formLevelMessage, showServerError } from '../../../lib/form-errors';
import { PERSON_FIELDS_BY_CODE } from '../../../lib/person-fields';
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

const FIELDS_BY_CODE: FieldsByCode<ProfileFormValues> = PERSON_FIELDS_BY_CODE;

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
  const form = useForm<ProfileFormValues, unknown, ProfileUpdateOutput>({
    resolver: profileResolver(profile),
    defaultValues: formValues(profile),
  });

  // A failure belongs to this visit of the page, not to the next one.
  useEffect(() => () => clearErrorSlot('profileUpdate'), []);

  const onSubmit = form.handleSubmit(async (changes) => {
    setSaved(false);
    try {
      await updateProfile(changes);
    } catch (error) {
      // The failure is in the profile-update error slot; a field it concerns is marked as well.
      showServerError(error, form.setError, FIELDS_BY_CODE);
      return;
    }
    setSaved(true);
  });

  // What the server stored (a phone number in international form) becomes the form's new starting point.
  const { reset } = form;
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const formMessage = formLevelMessage(failure, FIELDS_BY_CODE);

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="Profile"
      message={formMessage}
      notice={saved ? 'Your profile has been saved.' : undefined}
      errorSummary
    >
      <PersonNameFields />
      <PersonDetailsFields />
      <FormSubmitRow label="Save profile" pendingLabel="Saving…" />
    </Form>
  );
}

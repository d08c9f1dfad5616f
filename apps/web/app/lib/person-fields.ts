import { countryList } from '@crossbuy/core/address';
import type { SelectOption } from '../components/ui/select-field';
import type { Gender } from './user-store';

// Choices and hints shared by the forms that ask for a person: registration, profile and addresses.

let countries: readonly SelectOption[] | undefined;

/** Every country for a picker: Singapore and Malaysia first, then by name (docs/rules/addresses.md). */
export function countryOptions(): readonly SelectOption[] {
  countries ??= countryList().map(({ code, name }) => ({ value: code, label: name }));
  return countries;
}

export const GENDER_OPTIONS: readonly (SelectOption & { value: Gender })[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
];

/** Numbers are checked against the country chosen beside them (docs/rules/accounts.md). */
export const PHONE_NUMBER_HINT = 'A number in the country above; its country code is optional.';

/** Which field of a person form each refusal of the user service concerns. */
export const PERSON_FIELDS_BY_CODE = {
  'user/invalid_first_name': 'firstName',
  'user/invalid_last_name': 'lastName',
  'user/invalid_phone_number': 'phoneNumber',
  'user/invalid_country': 'country',
  'user/invalid_birthdate': 'birthDate',
  'user/invalid_gender': 'gender',
} as const;

import { countryOptions, GENDER_OPTIONS } from '../../lib/person-fields';
import { FormDateField, FormPhoneField, FormSelectField, FormTextField } from './form-fields';

// The fields that ask for a person, shared by registration, the profile and (the country and phone) the
// address book. Their names are the core schemas' own (firstName, country, phoneNumber, ...).

type PersonFieldsProps = {
  /** Registration requires every field; the profile only keeps the names from being emptied. */
  allRequired?: boolean;
};

export function PersonNameFields() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormTextField name={'firstName'} label="First name" required autoComplete="given-name" />
      <FormTextField name={'lastName'} label="Last name" required autoComplete="family-name" />
    </div>
  );
}

type CountryFieldProps = {
  required?: boolean;
  /** Clears or checks again what depends on the country (a phone number, a state). */
  onValueChange?: () => void;
};

/** Every country, Singapore and Malaysia first; an optional country starts unchosen. */
export function CountryField({ required = false, onValueChange }: CountryFieldProps) {
  return (
    <FormSelectField
      name="country"
      label="Country"
      required={required}
      autoComplete="country"
      placeholder={required ? undefined : 'Select'}
      options={countryOptions()}
      onValueChange={onValueChange}
    />
  );
}

/** Country, phone number (checked against that country), date of birth and gender. */
export function PersonDetailsFields({ allRequired = false }: PersonFieldsProps) {
  return (
    <>
      <CountryField required={allRequired} />
      <FormPhoneField name={'phoneNumber'} required={allRequired} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormDateField name={'birthDate'} label="Date of birth" required={allRequired} autoComplete="bday" />
        <FormSelectField
          name={'gender'}
          label="Gender"
          required={allRequired}
          autoComplete="sex"
          placeholder="Select"
          options={GENDER_OPTIONS}
        />
      </div>
    </>
  );
}

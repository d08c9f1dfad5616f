import { type Address, addressSchema, getCountryAddressData, stateOptions } from '@crossbuy/core/address';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { countryOptions, PHONE_NUMBER_HINT } from '../../../lib/person-fields';

type AddressFormValues = {
  country: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  unitNumber: string;
  city: string;
  state: string;
  postalCode: string;
  main: boolean;
};

// The form's values are plain strings, a narrower type than the schema's input (which also takes null).
const resolver = zodResolver(addressSchema) as unknown as Resolver<AddressFormValues, unknown, Address>;

const FIELDS_BY_CODE: FieldsByCode<AddressFormValues> = {
  'address/invalid_full_name': 'fullName',
  'address/invalid_phone_number': 'phoneNumber',
  'address/invalid_address': 'address',
  'address/invalid_unit_number': 'unitNumber',
  'address/invalid_postal_code': 'postalCode',
  'address/invalid_country': 'country',
  'address/invalid_state': 'state',
  'address/invalid_city': 'city',
};

const FALLBACK_COUNTRY = 'SG';

/**
 * Which of the country-dependent fields the form shows, with the country's own labels (spec 9.1). A
 * field appears when the country's address format prints it or when the country requires it, so a
 * Singapore address asks for no city or state and a US one for both.
 */
function countryFields(country: string) {
  const data = getCountryAddressData(country) ?? getCountryAddressData(FALLBACK_COUNTRY);
  const format = data?.displayFormat ?? '';
  return {
    city: {
      shown: format.includes('{city}') || data?.cityRequired === true,
      label: data?.cityDisplayValue ?? 'City',
      required: data?.cityRequired === true,
    },
    state: {
      shown: format.includes('{state}') || data?.stateRequired === true,
      label: data?.stateDisplayValue ?? 'State',
      required: data?.stateRequired === true,
      options: stateOptions(country).map((state) => ({ value: state.stateValue, label: state.displayValue })),
    },
    postalCode: {
      shown: format.includes('{zip}') || data?.postalCodeRequired === true,
      required: data?.postalCodeRequired === true,
    },
  };
}

type AddressFormProps = {
  title: string;
  initialValues: AddressFormValues;
  /** Why this address is main whatever the shopper picks (the first one, or the main one being edited). */
  mainLocked?: string | undefined;
  /** Saves the checked, normalised address; throws the API's error when it is refused. */
  onSave: (address: Address) => Promise<void>;
  onCancel: () => void;
};

/** An address in the chosen country's shape: labels, required marks and the state list follow it. */
export function AddressForm({ title, initialValues, mainLocked, onSave, onCancel }: AddressFormProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [formMessage, setFormMessage] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    clearErrors,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues, unknown, Address>({ resolver, defaultValues: initialValues });

  // Keyboard and screen reader users start at the form they just opened.
  useEffect(() => heading.current?.focus(), []);

  const country = watch('country');
  const fields = useMemo(() => countryFields(country), [country]);

  // State codes belong to one country, and a field the new country does not use must not be sent.
  // Numbers and postal codes already typed are checked again against the new country.
  const onCountryChange = () => {
    const next = countryFields(getValues('country'));
    setValue('state', '');
    if (!next.city.shown) setValue('city', '');
    if (!next.postalCode.shown) setValue('postalCode', '');
    clearErrors(['state', 'city', 'postalCode']);
    const recheck = (['phoneNumber', 'postalCode'] as const).filter(
      (field) => getValues(field) !== '' || getFieldState(field).error,
    );
    if (recheck.length > 0) void trigger(recheck);
  };

  const onSubmit = handleSubmit(async (address) => {
    setFormMessage(undefined);
    try {
      await onSave(address);
    } catch (error) {
      setFormMessage(showServerError(error, setError, FIELDS_BY_CODE));
    }
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h2>
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-labelledby={headingId}
      >
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <p className="text-sm text-muted">
          Fields marked <span className="text-danger-700">*</span> are required.
        </p>
        <SelectField
          label="Country"
          required
          autoComplete="country"
          options={countryOptions()}
          error={fieldErrorMessage(errors.country)}
          {...register('country', { onChange: onCountryChange })}
        />
        <TextField
          label="Full name"
          required
          autoComplete="name"
          error={fieldErrorMessage(errors.fullName)}
          {...register('fullName')}
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
        <TextField
          label="Address"
          required
          autoComplete="address-line1"
          hint="Street, building and house number."
          error={fieldErrorMessage(errors.address)}
          {...register('address')}
        />
        <TextField
          label="Unit number"
          autoComplete="address-line2"
          error={fieldErrorMessage(errors.unitNumber)}
          {...register('unitNumber')}
        />
        {fields.city.shown ? (
          <TextField
            label={fields.city.label}
            required={fields.city.required}
            autoComplete="address-level2"
            error={fieldErrorMessage(errors.city)}
            {...register('city')}
          />
        ) : null}
        {fields.state.shown && fields.state.options.length > 0 ? (
          <SelectField
            label={fields.state.label}
            required={fields.state.required}
            autoComplete="address-level1"
            placeholder="Select one"
            options={fields.state.options}
            error={fieldErrorMessage(errors.state)}
            {...register('state')}
          />
        ) : null}
        {fields.state.shown && fields.state.options.length === 0 ? (
          <TextField
            label={fields.state.label}
            required={fields.state.required}
            autoComplete="address-level1"
            error={fieldErrorMessage(errors.state)}
            {...register('state')}
          />
        ) : null}
        {fields.postalCode.shown ? (
          <TextField
            label="Postal code"
            required={fields.postalCode.required}
            autoComplete="postal-code"
            className="sm:max-w-60"
            error={fieldErrorMessage(errors.postalCode)}
            {...register('postalCode', { onChange: () => void trigger('postalCode') })}
          />
        ) : null}
        {mainLocked ? (
          <p className="text-sm text-muted">{mainLocked}</p>
        ) : (
          <CheckboxField label="Make this my main address" {...register('main')} />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving address…' : 'Save address'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

type AddressFields = { [K in keyof AddressFormValues]?: AddressFormValues[K] | null };

/** Form values for a new address, or for editing a stored one (its nulls become empty fields). */
export function addressFormValues(address: AddressFields): AddressFormValues {
  return {
    country: address.country || FALLBACK_COUNTRY,
    fullName: address.fullName ?? '',
    phoneNumber: address.phoneNumber ?? '',
    address: address.address ?? '',
    unitNumber: address.unitNumber ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    main: address.main ?? false,
  };
}

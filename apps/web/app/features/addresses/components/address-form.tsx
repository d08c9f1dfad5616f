import {
  type Address,
  type AddressField,
  addressFields,
  addressSchema,
  type PlacePart,
} from '@crossbuy/core/address';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import {
  FormCheckbox,
  FormPhoneField,
  FormSelectField,
  FormTextField,
} from '../../../components/ui/form-fields';
import { CountryField } from '../../../components/ui/person-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';

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

// The address's text fields, named after its values.
const Text = FormTextField<AddressFormValues>;

/** The label and required mark a country gives one of its fields. */
const shownAs = ({ label, required }: AddressField) => ({ label, required });

type StateFieldProps = {
  label: string;
  required: boolean;
  options: readonly { value: string; label: string }[];
};

/** The state, prefecture or area: a list where the country data has one, else typed. */
function StateField({ label, required, options }: StateFieldProps) {
  const common = { name: 'state', label, required, autoComplete: 'address-level1' } as const;
  return options.length > 0 ? (
    <FormSelectField<AddressFormValues> {...common} placeholder="Select one" options={options} />
  ) : (
    <Text {...common} />
  );
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
  const form = useForm<AddressFormValues, unknown, Address>({ resolver, defaultValues: initialValues });
  const { setValue, getValues, getFieldState, clearErrors, trigger, watch } = form;

  // Keyboard and screen reader users start at the form they just opened.
  useEffect(() => heading.current?.focus(), []);

  const country = watch('country');
  const fields = useMemo(() => addressFields(country), [country]);

  // State codes belong to one country, and a field the new country does not use must not be sent.
  // Numbers and postal codes already typed are checked again against the new country.
  const onCountryChange = () => {
    const next = addressFields(getValues('country'));
    setValue('state', '');
    if (!next.city.shown) setValue('city', '');
    if (!next.postalCode.shown) setValue('postalCode', '');
    clearErrors(['state', 'city', 'postalCode']);
    const recheck = (['phoneNumber', 'postalCode'] as const).filter(
      (field) => getValues(field) !== '' || getFieldState(field).error,
    );
    if (recheck.length > 0) void trigger(recheck);
  };

  const onSubmit = form.handleSubmit(async (address) => {
    setFormMessage(undefined);
    try {
      await onSave(address);
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });

  // Each part of the address, asked for where the country's letter format puts it.
  const placeFields: Record<PlacePart, ReactNode> = {
    address: (
      <Text
        key="address"
        name="address"
        label="Address"
        required
        autoComplete="address-line1"
        hint={fields.addressHint}
      />
    ),
    unitNumber: <Text key="unitNumber" name="unitNumber" label="Unit number" autoComplete="address-line2" />,
    city: fields.city.shown ? (
      <Text key="city" name="city" {...shownAs(fields.city)} autoComplete="address-level2" />
    ) : null,
    state: fields.state.shown ? <StateField key="state" {...fields.state} /> : null,
    postalCode: fields.postalCode.shown ? (
      <Text
        key="postalCode"
        name="postalCode"
        {...shownAs(fields.postalCode)}
        autoComplete="postal-code"
        className="sm:max-w-60"
        onValueChange={() => void trigger('postalCode')}
      />
    ) : null,
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h2>
      <Form
        form={form}
        onSubmit={onSubmit}
        labelledBy={headingId}
        message={formMessage}
        errorSummary
        intro={<RequiredFieldsNote />}
      >
        <CountryField required onValueChange={onCountryChange} />
        <Text name="fullName" label="Full name" required autoComplete="name" />
        <FormPhoneField<AddressFormValues> name="phoneNumber" required />
        {fields.order.map((part) => placeFields[part])}
        {mainLocked ? (
          <p className="text-sm text-muted">{mainLocked}</p>
        ) : (
          <FormCheckbox<AddressFormValues> name="main" label="Make this my main address" />
        )}
        <FormSubmitRow
          label="Save address"
          pendingLabel="Saving address…"
          secondary={{ label: 'Cancel', onClick: onCancel }}
        />
      </Form>
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

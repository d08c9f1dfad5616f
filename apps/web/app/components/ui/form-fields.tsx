import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { PHONE_NUMBER_HINT } from '../../lib/person-fields';
import { CheckboxField } from './checkbox-field';
import { useFormField } from './form';
import { OneTimeCodeField } from './one-time-code-field';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';

// Fields connected to the surrounding <Form>: each registers itself under its name, shows the schema's
// or the server's message for it, and wires label, hint and error to its control.

type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'required' | 'onChange' | 'onBlur' | 'ref' | 'children'
>;

type ConnectedProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  /** Runs after the form has taken the new value, e.g. to check a dependent field again. */
  onValueChange?: (() => void) | undefined;
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export type FormTextFieldProps<T extends FieldValues> = ConnectedProps<T> & InputProps;

/** A text input; the base of the email, password, phone and date fields. */
export function FormTextField<T extends FieldValues>({
  name,
  label,
  onValueChange,
  ...input
}: FormTextFieldProps<T>) {
  const field = useFormField<T>(name, label, `Please enter your ${lowerFirst(label)}`, onValueChange);
  return <TextField id={field.id} label={label} error={field.error} {...input} {...field.registration} />;
}

type PresetProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'label' | 'type'> & { label?: string };

export function FormEmailField<T extends FieldValues>({ label = 'Email', ...props }: PresetProps<T>) {
  return <FormTextField type="email" autoComplete="email" inputMode="email" label={label} {...props} />;
}

type PasswordProps<T extends FieldValues> = PresetProps<T> & {
  /**
   * 'new' for a password being chosen (the browser may suggest a strong one), 'current' for one being
   * proven (the browser may fill in the saved one).
   */
  purpose: 'new' | 'current';
};

export function FormPasswordField<T extends FieldValues>({
  label = 'Password',
  purpose,
  ...props
}: PasswordProps<T>) {
  return (
    <FormTextField
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      label={label}
      {...props}
    />
  );
}

/** A phone number, checked against the country chosen above it. */
export function FormPhoneField<T extends FieldValues>({
  label = 'Phone number',
  hint = PHONE_NUMBER_HINT,
  ...props
}: PresetProps<T>) {
  return <FormTextField type="tel" autoComplete="tel" label={label} hint={hint} {...props} />;
}

export function FormDateField<T extends FieldValues>({ label = 'Date', ...props }: PresetProps<T>) {
  return <FormTextField type="date" label={label} {...props} />;
}

type SelectProps<T extends FieldValues> = ConnectedProps<T> &
  Omit<ComponentProps<'select'>, 'id' | 'name' | 'required' | 'onChange' | 'onBlur' | 'ref' | 'children'> & {
    options: readonly SelectOption[];
    /** The first, empty choice ("Select"); omitted when a value is always chosen. */
    placeholder?: string;
  };

export function FormSelectField<T extends FieldValues>({
  name,
  label,
  onValueChange,
  ...select
}: SelectProps<T>) {
  const field = useFormField<T>(name, label, `Please select your ${lowerFirst(label)}`, onValueChange);
  return <SelectField id={field.id} label={label} error={field.error} {...select} {...field.registration} />;
}

type CheckboxProps<T extends FieldValues> = {
  name: Path<T>;
  /** May hold links, such as the terms the shopper accepts. */
  label: ReactNode;
  /** The label's words alone, for the error summary when `label` holds more than text. */
  summaryLabel?: string;
  className?: string;
};

export function FormCheckbox<T extends FieldValues>({
  name,
  label,
  summaryLabel,
  className,
}: CheckboxProps<T>) {
  const text = summaryLabel ?? (typeof label === 'string' ? label : name);
  const field = useFormField<T>(name, text, `Please tick “${text}”`);
  return (
    <CheckboxField
      id={field.id}
      label={label}
      error={field.error}
      className={className}
      {...field.registration}
    />
  );
}

type CodeProps<T extends FieldValues> = ConnectedProps<T>;

/** A six-digit code from an email or an authenticator app. */
export function FormCodeField<T extends FieldValues>({ name, label, onValueChange, ...props }: CodeProps<T>) {
  const field = useFormField<T>(name, label, `Please enter the ${lowerFirst(label)}`, onValueChange);
  return (
    <OneTimeCodeField id={field.id} label={label} error={field.error} {...props} {...field.registration} />
  );
}

import type { ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps } from './field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'required' | 'children'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** The first, empty choice ("Select a state"); omitted when a value is always chosen. */
    placeholder?: string;
  };

export function SelectField({
  label,
  required,
  hint,
  error,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => (
        <select className={CONTROL_CLASSES} {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

import type { ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps, splitFieldProps } from './field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'required' | 'children'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** The first, empty choice ("Select a state"); omitted when a value is always chosen. */
    placeholder?: string;
  };

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const [frame, select] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
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

import type { ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps, splitFieldProps } from './field';

export type SelectOption = { value: string; label: string };

/** A choice for each of a set of codes, in their order, each named by its label. */
export function labelledOptions<Code extends string>(
  codes: readonly Code[],
  labels: Record<Code, string>,
): SelectOption[] {
  return codes.map((code) => ({ value: code, label: labels[code] }));
}

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

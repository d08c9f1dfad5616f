import type { ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps } from './field';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'required'> & FieldProps;

/** A labelled input whose error is announced with it and marks it invalid. */
export function TextField({ label, required, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => <input className={CONTROL_CLASSES} {...control} {...input} />}
    </FieldFrame>
  );
}

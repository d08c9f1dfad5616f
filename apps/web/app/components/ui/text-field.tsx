import type { ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps, splitFieldProps } from './field';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'required'> & FieldProps;

/** A labelled input whose error is announced with it and marks it invalid. */
export function TextField(props: TextFieldProps) {
  const [frame, input] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      {(control) => <input className={CONTROL_CLASSES} {...control} {...input} />}
    </FieldFrame>
  );
}

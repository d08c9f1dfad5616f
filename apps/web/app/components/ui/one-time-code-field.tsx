import type { ChangeEvent, ComponentProps } from 'react';
import { CONTROL_CLASSES, FieldFrame, type FieldProps, splitFieldProps } from './field';

const CODE_LENGTH = 6;

type OneTimeCodeFieldProps = Omit<
  ComponentProps<'input'>,
  'id' | 'required' | 'type' | 'inputMode' | 'autoComplete' | 'pattern'
> &
  FieldProps;

/** What a shopper typed or pasted ('123 456', '123-456'), as the digits of a code. */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/**
 * A six-digit code from an email or an authenticator app. The numeric keypad opens on phones, and
 * `one-time-code` lets the phone offer a code it received. Pasted spaces and dashes are dropped as
 * typed; a length limit on the input itself would cut '123 456' to '123 45' before that could happen.
 */
export function OneTimeCodeField({ onChange, ...props }: OneTimeCodeFieldProps) {
  const [frame, input] = splitFieldProps(props);
  const keepDigits = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = codeDigits(event.target.value);
    onChange?.(event);
  };
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          className={`${CONTROL_CLASSES} max-w-48 font-mono text-lg tracking-[0.3em]`}
          {...control}
          {...input}
          onChange={keepDigits}
        />
      )}
    </FieldFrame>
  );
}

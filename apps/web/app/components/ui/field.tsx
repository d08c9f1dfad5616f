import { type ReactNode, useId } from 'react';

export type FieldProps = {
  /** The control's id; generated when left out. */
  id?: string | undefined;
  label: string;
  /** Marks the field required, visibly and for assistive technology. */
  required?: boolean | undefined;
  /** A standing explanation under the label, such as a password rule. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
};

/** Separates what the frame shows (label, hint, error) from the props meant for the control. */
export function splitFieldProps<P extends FieldProps>(props: P): [FieldProps, Omit<P, keyof FieldProps>] {
  const { id, label, required, hint, error, className, ...control } = props;
  return [{ id, label, required, hint, error, className }, control];
}

type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FieldFrameProps = FieldProps & { children: (control: ControlProps) => ReactNode };

export const CONTROL_CLASSES =
  'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base aria-invalid:border-danger-700';

/**
 * Label, hint and error around one control. The error sits in a polite live region that is always
 * present, so a message that appears while the shopper types (a postal code checked as typed) is read
 * out, and the control points at it with aria-describedby.
 */
export function FieldFrame({
  id: givenId,
  label,
  required,
  hint,
  error,
  className = '',
  children,
}: FieldFrameProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={`flex min-w-0 flex-col ${className}`.trim()}>
      <label htmlFor={id} className="mb-1.5 text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      <div id={errorId} aria-live="polite" className="text-sm text-danger-700">
        {error ? <p className="mt-1.5">{error}</p> : null}
      </div>
    </div>
  );
}

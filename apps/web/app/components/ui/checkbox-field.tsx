import { type ComponentProps, type ReactNode, useId } from 'react';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  /** The checkbox's id; generated when left out. */
  id?: string | undefined;
};

export function CheckboxField({ id: givenId, label, error, className = '', ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col ${className}`.trim()}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <div id={errorId} aria-live="polite" className="text-sm text-danger-700">
        {error ? <p className="mt-1.5">{error}</p> : null}
      </div>
    </div>
  );
}

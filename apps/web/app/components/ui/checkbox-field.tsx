import { type ComponentProps, useId } from 'react';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string };

export function CheckboxField({ label, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`.trim()}>
      <input id={id} type="checkbox" className="size-5 accent-brand-700" {...input} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}

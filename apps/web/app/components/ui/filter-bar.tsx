import type { ReactNode, Ref } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonClasses } from './button';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';

type FilterBarProps = {
  /** The list's address: the form asks it again with the fields as its query, and "show every" leads to it. */
  action: string;
  /** The search landmark's name ("Find customers"). */
  label: string;
  /** The submit button's words; the landmark's name when left out. */
  submitLabel?: string;
  /** The link back to the whole list ("Show every customer"), shown while a filter is set. */
  clearLabel: string;
  filtered: boolean;
  className: string;
  /** The box around the buttons; `contents` lays them out as the form's own items. */
  actionsClassName?: string;
  /** More actions after the buttons, such as exporting what the filter finds. */
  moreActions?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
};

/**
 * A back-office list's filters: a search landmark whose fields become the list's address when sent, so
 * every filtered list has its own address and works without scripts, and a way back to the whole list.
 */
export function FilterBar({
  action,
  label,
  submitLabel = label,
  clearLabel,
  filtered,
  className,
  actionsClassName = 'flex flex-wrap gap-3',
  moreActions,
  formRef,
  children,
}: FilterBarProps) {
  return (
    <Form ref={formRef} method="get" action={action} role="search" aria-label={label} className={className}>
      {children}
      <div className={actionsClassName}>
        <Button type="submit">{submitLabel}</Button>
        {filtered ? (
          <Link to={action} className={buttonClasses('secondary')}>
            {clearLabel}
          </Link>
        ) : null}
        {moreActions}
      </div>
    </Form>
  );
}

/** A filter's words to search for, as the URL states them. */
export function SearchFilter({
  label,
  name,
  value,
  maxLength = 100,
  hint,
  className,
}: {
  label: string;
  name: string;
  value: string | null;
  maxLength?: number;
  hint?: string;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="search"
      defaultValue={value ?? ''}
      {...(hint !== undefined && { hint })}
      maxLength={maxLength}
      autoComplete="off"
      className={className}
    />
  );
}

/** A filter chosen from a list, as the URL states it; the first choice ("Any") leaves it unset. */
export function ChoiceFilter({
  label,
  name,
  value,
  options,
  anyLabel = 'Any',
  className,
}: {
  label: string;
  name: string;
  value: string | null;
  options: readonly SelectOption[];
  anyLabel?: string;
  className?: string;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      defaultValue={value ?? ''}
      placeholder={anyLabel}
      options={options}
      className={className}
    />
  );
}

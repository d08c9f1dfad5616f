import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  danger: 'bg-danger-700 text-white hover:bg-danger-700/90',
};

/** Button styling for links that act as calls to action. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

type PendingButtonProps = ButtonProps & {
  /** True while what the button sent is on its way; the button is then disabled. */
  pending: boolean;
  /** Said on the button while pending, e.g. 'Saving…', so the wait is seen and announced. */
  pendingLabel: string;
};

/**
 * A button that cannot send twice: disabled and relabelled while the mutation it started is pending.
 * For an action on its own (e.g. 'I have paid'); a form's submit button is `SubmitButton`.
 */
export function PendingButton({ pending, pendingLabel, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A form's submit button that cannot send twice: disabled and relabelled while the submission is
 * pending. Forms on react-hook-form get it through `FormSubmitRow`; the others pass their mutation's state.
 */
export function SubmitButton(props: Omit<PendingButtonProps, 'type'>) {
  return <PendingButton type="submit" {...props} />;
}

/** An inline link in running text: underlined, so it is told apart from text without relying on colour. */
export const textLinkClasses =
  'rounded-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

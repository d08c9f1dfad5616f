import {
  createContext,
  type FormEventHandler,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import {
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { fieldErrorMessage } from '../../lib/form-errors';
import { Alert } from './alert';
import { Button, type ButtonVariant, SubmitButton } from './button';

/** The form's id prefix and the labels of the fields on screen, which the error summary links to. */
type FormFields = { prefix: string; labels: Map<string, string> };

const FormFieldsContext = createContext<FormFields | undefined>(undefined);

function fieldId(prefix: string, name: string): string {
  return `${prefix}-${name.replaceAll('.', '-')}`;
}

/**
 * What a field connected to the surrounding {@link Form} needs: its id (the form's prefix and its name,
 * so the summary can link to it), its registration, and its error in words. A value the schema reports
 * missing reads `missingMessage` rather than the catalogue's "Missing argument".
 */
export function useFormField<T extends FieldValues>(
  name: Path<T>,
  label: string,
  missingMessage: string,
  onChange?: () => void,
) {
  const fields = useContext(FormFieldsContext);
  if (!fields) throw new Error(`the field ${name} is not inside a Form`);
  const { register, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const { error } = getFieldState(name, formState);
  useEffect(() => {
    fields.labels.set(name, label);
    return () => {
      fields.labels.delete(name);
    };
  }, [fields, name, label]);
  return {
    id: fieldId(fields.prefix, name),
    registration: register(name, onChange ? { onChange } : undefined),
    error: fieldErrorMessage(error, missingMessage),
  };
}

type FormProps<T extends FieldValues, TOutput> = {
  form: UseFormReturn<T, unknown, TOutput>;
  /** The handler made by the form's `handleSubmit`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the form for assistive technology, unless `labelledBy` points at a visible heading. */
  label?: string;
  labelledBy?: string;
  /** A refusal that concerns no single field: it heads the form and is announced. */
  message?: string | undefined;
  /** A confirmation (saved, sent) shown and announced where the message would be. */
  notice?: string | undefined;
  /**
   * Lists the fields to correct after a refused submission, each linked to its field; for forms long
   * enough that the first error may be out of sight.
   */
  errorSummary?: boolean;
  /** Shown before the fields, e.g. which fields are required. */
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A form on react-hook-form checked by a core Zod schema. It is posted (never a GET, which would put a
 * password in the URL should it be sent before the page's scripts run) and not checked by the browser,
 * whose bubbles are neither announced reliably nor worded like the catalogue.
 */
export function Form<T extends FieldValues, TOutput>({
  form,
  onSubmit,
  label,
  labelledBy,
  message,
  notice,
  errorSummary = false,
  intro,
  className = '',
  children,
}: FormProps<T, TOutput>) {
  const prefix = useId();
  const [fields] = useState<FormFields>(() => ({ prefix, labels: new Map() }));
  return (
    <FormProvider {...form}>
      <FormFieldsContext.Provider value={fields}>
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className={`flex flex-col gap-5 ${className}`.trim()}
          aria-label={labelledBy ? undefined : label}
          aria-labelledby={labelledBy}
        >
          <FormErrorSummary message={message} listFields={errorSummary} />
          {notice ? <Alert tone="info">{notice}</Alert> : null}
          {intro}
          {children}
        </form>
      </FormFieldsContext.Provider>
    </FormProvider>
  );
}

/** The line that explains the red marks of a form with optional fields. */
export function RequiredFieldsNote() {
  return (
    <p className="text-sm text-muted">
      Fields marked <span className="text-danger-700">*</span> are required.
    </p>
  );
}

type FormErrorSummaryProps = { message: string | undefined; listFields: boolean };

/** Orders fields as their controls come in the document; one not found keeps its place. */
function byPlaceOnPage(a: { id: string }, b: { id: string }): number {
  const first = document.getElementById(a.id);
  const second = document.getElementById(b.id);
  if (!first || !second) return 0;
  return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/**
 * The form-level refusal and, for long forms, the fields a refused submission left in error, linked
 * to them. Each field also carries its own message, which is read out when the shopper reaches it.
 */
export function FormErrorSummary({ message, listFields }: FormErrorSummaryProps) {
  const { errors, submitCount, isSubmitting } = useFormState();
  const form = useContext(FormFieldsContext);
  // A refusal from the server already says what is wrong, on its field or as the message.
  const names =
    form && listFields && submitCount > 0 && !isSubmitting
      ? Object.keys(errors).filter((name) => errors[name]?.type !== 'server')
      : [];
  // Only fields that are on screen can be linked to, listed in the order the form shows them: the errors
  // come in the order of the schema, which is not the order a shopper reads the form in.
  const fields = names
    .flatMap((name) => {
      const text = form?.labels.get(name);
      return form && text ? [{ id: fieldId(form.prefix, name), text }] : [];
    })
    .sort(byPlaceOnPage);
  if (!message && fields.length === 0) return null;
  return (
    <Alert>
      {message ? <p>{message}</p> : null}
      {fields.length > 0 ? (
        <>
          <p className={message ? 'mt-2' : undefined}>
            {fields.length === 1 ? 'Please check this field:' : `Please check these ${fields.length} fields:`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {fields.map((field) => (
              <li key={field.id}>
                <a href={`#${field.id}`} className="font-semibold underline underline-offset-2">
                  {field.text}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Alert>
  );
}

type SubmitRowProps = {
  label: string;
  /** Shown on the button while the form is being sent, e.g. 'Saving…'. */
  pendingLabel: string;
  variant?: ButtonVariant;
  /** A second action beside the submit button, such as Cancel; it is disabled while sending. */
  secondary?: { label: string; onClick: () => void } | undefined;
  /** Stretch the submit button across the form (short forms on their own page) or keep it to its text. */
  fullWidth?: boolean;
};

/** The form's submit button, disabled and relabelled while the submission is pending. */
export function FormSubmitRow({
  label,
  pendingLabel,
  variant = 'primary',
  secondary,
  fullWidth = false,
}: SubmitRowProps) {
  const { isSubmitting } = useFormState();
  const submit = (
    <SubmitButton
      variant={variant}
      className={fullWidth ? undefined : 'self-start'}
      pending={isSubmitting}
      pendingLabel={pendingLabel}
    >
      {label}
    </SubmitButton>
  );
  if (!secondary) return submit;
  return (
    <div className="flex flex-wrap gap-3">
      {submit}
      <Button variant="secondary" onClick={secondary.onClick} disabled={isSubmitting}>
        {secondary.label}
      </Button>
    </div>
  );
}

import type { FieldValues } from 'react-hook-form';
import { FormPasswordField, type FormTextFieldProps } from '../../../components/ui/form-fields';
import { PASSWORD_RULE_HINT } from '../password-rule';

type NewPasswordFieldProps<T extends FieldValues> = Pick<FormTextFieldProps<T>, 'name' | 'required'> & {
  label?: string;
};

/** A password being chosen, with the rule it must follow shown under its label. */
export function NewPasswordField<T extends FieldValues>({
  label = 'New password',
  ...props
}: NewPasswordFieldProps<T>) {
  return <FormPasswordField<T> purpose="new" label={label} hint={PASSWORD_RULE_HINT} {...props} />;
}

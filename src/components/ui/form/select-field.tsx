import { Field } from './field';
import { Select, type SelectProps } from './select';

export interface SelectFieldProps extends SelectProps {
  label: string;
  hint?: string;
  error?: string;
  /** Classes of the field (label + control), not of the select. */
  fieldClassName?: string;
}

/** Field + Select in one, as TextField is Field + Input: the common case of a labelled choice. */
export function SelectField({ label, hint, error, fieldClassName, id, ...props }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={fieldClassName}>
      {(control) => <Select {...props} {...control} />}
    </Field>
  );
}

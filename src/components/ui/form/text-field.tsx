import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';
import { Input } from './input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Field + Input in one, for the common case (react-hook-form's register passes its ref straight through). */
export function TextField({ label, error, hint, className, id, required, ...props }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <Input {...props} {...control} required={required} />}
    </Field>
  );
}

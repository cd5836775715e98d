import { Field } from '@/components/ui/form/field';
import { Textarea } from '@/components/ui/form/textarea';

/** A labelled textarea of watermark texts (one a line), with its hint and error tied to it. */
export function FileTexts({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  rows,
  disabled,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  disabled: boolean;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <Textarea {...control} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} />}
    </Field>
  );
}

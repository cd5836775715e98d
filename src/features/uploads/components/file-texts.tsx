import { cn } from '@/lib/cn';

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
  small = false,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  disabled: boolean;
  small?: boolean;
}) {
  const describedBy = cn(hint && `${id}-hint`, error && `${id}-error`) || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={small ? 'text-xs font-medium' : 'text-sm font-medium'}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * An error shown on its own starts with a capital letter. The shared zod words are predicates ("must be at least 1")
 * so that the emulator and the client can put a field name before them; under a field they stand alone.
 */
export function sentence(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** What a control needs to be tied to its label, hint and error. Spread it onto the control. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/**
 * A label, a control, a hint and an error, wired together: the label names the control, the hint and the error
 * describe it (aria-describedby), and an error sets aria-invalid. The control comes from the render function, so any
 * of Input, Select, Textarea (or a control of a library) fits.
 */
export function Field({
  label,
  hint,
  error,
  required,
  id,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
        {required && (
          <span className="font-normal text-zinc-600 dark:text-zinc-400">
            {' '}
            <Trans>(required)</Trans>
          </span>
        )}
      </label>
      {children({
        id: controlId,
        'aria-describedby': cn(hint && hintId, error && errorId) || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {typeof error === 'string' ? sentence(error) : error}
        </p>
      )}
    </div>
  );
}

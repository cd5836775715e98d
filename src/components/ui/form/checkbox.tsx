import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox with its label beside it (the whole label is the click target) and an optional hint. */
export function Checkbox({ label, hint, className, id, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        type="checkbox"
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600 disabled:cursor-not-allowed dark:accent-indigo-400"
        {...props}
      />
      <div className="flex min-w-0 flex-col">
        <label htmlFor={inputId} className={cn('text-sm', props.disabled && 'cursor-not-allowed text-zinc-600 dark:text-zinc-400')}>
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

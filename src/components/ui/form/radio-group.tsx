import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  /** One line under the label: what choosing it changes. */
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * Native radios in a fieldset: the legend names the group, arrow keys move between the choices and Tab leaves the
 * group (the browser's own behaviour). `layout="cards"` draws each choice as a bordered box for choices with a
 * description.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  hint,
  error,
  layout = 'list',
  className,
}: {
  legend: ReactNode;
  name?: string;
  value: V | undefined;
  onChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  hint?: ReactNode;
  error?: ReactNode;
  layout?: 'list' | 'inline' | 'cards';
  className?: string;
}) {
  const autoName = useId();
  const groupName = name ?? autoName;
  const hintId = `${groupName}-hint`;
  const errorId = `${groupName}-error`;
  return (
    <fieldset
      className={cn('flex min-w-0 flex-col gap-2', className)}
      aria-describedby={cn(hint && hintId, error && errorId) || undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <div className={cn('flex gap-2', layout === 'inline' ? 'flex-wrap gap-x-4' : 'flex-col')}>
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          const descriptionId = `${id}-description`;
          return (
            <div
              key={option.value}
              className={cn(
                'flex items-start gap-2',
                layout === 'cards' &&
                  'rounded-md border border-zinc-300 p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950',
              )}
            >
              <input
                type="radio"
                id={id}
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.description ? descriptionId : undefined}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600 disabled:cursor-not-allowed dark:accent-indigo-400"
              />
              <div className="flex min-w-0 flex-col">
                <label htmlFor={id} className={cn('text-sm', layout === 'cards' && 'font-medium', option.disabled && 'cursor-not-allowed text-zinc-600 dark:text-zinc-400')}>
                  {option.label}
                </label>
                {option.description && (
                  <p id={descriptionId} className="text-xs text-zinc-600 dark:text-zinc-400">
                    {option.description}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useId, type ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Disabled looks the same for every variant: a flat grey with readable text (about 4:1), no hover, a not-allowed
// cursor. A disabled indigo or red button read as "pressable" to people testing the pages (issue 12, item 5).
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const disabledLook =
  'disabled:cursor-not-allowed disabled:border-dashed disabled:border-zinc-400 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none dark:disabled:border-zinc-600 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-400';

const variants: Record<ButtonVariant, string> = {
  primary: 'border border-indigo-600 bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 dark:border-indigo-500 dark:bg-indigo-500 dark:text-white dark:hover:bg-indigo-400 dark:hover:text-zinc-950',
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 shadow-sm hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  danger: 'border border-red-600 bg-red-600 text-white shadow-sm hover:bg-red-700 dark:border-red-600 dark:bg-red-700 dark:hover:bg-red-600',
  ghost: 'border border-transparent text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-2.5 py-1 text-sm',
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-11 px-5 py-2.5 text-base',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The classes of a button, for a link that should look like one (a `<Link>` to a page is not a `<button>`). */
export function buttonClass({ variant = 'primary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    sizes[size],
    variants[variant],
    disabledLook,
    className,
  );
}

// ComponentProps (not ButtonHTMLAttributes) so a caller can pass a ref, e.g. to put focus back on the button.
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy with what the button started: disabled, a spinner, and `aria-busy` so the wait is announced. */
  loading?: boolean;
  /** Why it is disabled, shown next to it and tied to it (aria-describedby); only shown while disabled. */
  disabledReason?: string;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabledReason,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  const reasonId = useId();
  const showReason = Boolean(disabled && !loading && disabledReason);
  const describedBy = cn(props['aria-describedby'], showReason && reasonId) || undefined;
  const button = (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
      aria-describedby={describedBy}
    >
      {loading && <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />}
      {children}
    </button>
  );
  if (disabledReason === undefined) return button;
  // The same tree whether the reason shows or not: a button that re-mounted would lose the keyboard focus.
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {button}
      {showReason && (
        <span id={reasonId} className="text-sm text-zinc-700 dark:text-zinc-300">
          {disabledReason}
        </span>
      )}
    </span>
  );
}

import { cn } from '@/lib/cn';

/**
 * The look of every text-like control (input, select, textarea), in one place: it stood pasted in 11 places.
 * An invalid control (aria-invalid, set by Field) gets a red border; a disabled one looks disabled.
 */
export function controlClass(size: 'sm' | 'md' = 'md', className?: string) {
  return cn(
    'min-w-0 max-w-full rounded-md border border-zinc-300 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
    'aria-invalid:border-red-600 dark:aria-invalid:border-red-500',
    'disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-600 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-400',
    size === 'sm' ? 'px-2 py-1 text-sm' : 'px-3 py-2 text-sm',
    className,
  );
}

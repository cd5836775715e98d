import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, CircleDashed, CircleX, Info, LoaderCircle, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'progress';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const toneClass: Record<Tone, string> = {
  neutral: 'bg-zinc-100 text-zinc-800 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-600',
  info: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-800',
  progress: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-800',
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800',
  warning: 'bg-amber-100 text-amber-950 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  danger: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Every tone has its own shape of icon, so the status reads without colour (and the words say it anyway). */
export const toneIcon: Record<Tone, LucideIcon> = {
  neutral: CircleDashed,
  info: Info,
  progress: LoaderCircle,
  success: CircleCheck,
  warning: CircleAlert,
  danger: CircleX,
};

/** A small label: words first, colour only repeats them. */
export function Badge({ tone = 'neutral', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', toneClass[tone], className)}>{children}</span>;
}

/**
 * A status: an icon of the tone's shape (or one given) and the words. The icon is decoration (aria-hidden): the words
 * are the status. `data-tone` lets tests and styles find the state without reading colours.
 */
export function StatusPill({
  tone,
  label,
  icon: Icon = toneIcon[tone],
  status,
  className,
}: {
  tone: Tone;
  label: ReactNode;
  icon?: LucideIcon;
  /** The service's own value (e.g. `SENT`, `complete`), as `data-status`, for tests and styles. */
  status?: string;
  className?: string;
}) {
  return (
    <span data-tone={tone} data-status={status} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', toneClass[tone], className)}>
      <Icon aria-hidden="true" data-testid="status-icon" className="size-3.5 shrink-0" />
      {label}
    </span>
  );
}

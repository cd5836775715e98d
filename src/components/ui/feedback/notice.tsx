import type { ReactNode } from 'react';
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const tones = {
  info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
};
/* eslint-enable lingui/no-unlocalized-strings */
const icons = { info: Info, warning: TriangleAlert, success: CircleCheck };

/** A non-error message. The icon and words carry the meaning, never the colour alone. */
export function Notice({ tone = 'info', children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  const Icon = icons[tone];
  return (
    <div role="status" data-tone={tone} className={cn('flex gap-2 rounded-md border p-3 text-sm', tones[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

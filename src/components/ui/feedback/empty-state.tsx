import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** What an empty list says: what would be here, and the one action that fills it. */
export function EmptyState({
  title,
  description,
  action,
  icon: Icon = Inbox,
  headingLevel = 2,
  className,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: LucideIcon;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700', className)}>
      <Icon aria-hidden="true" className="size-8 text-zinc-500 dark:text-zinc-400" />
      <Heading className="text-base font-semibold">{title}</Heading>
      {description && <div className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{description}</div>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

import type { DeliveryStatus } from '@/api/schemas/webhooks';
import { cn } from '@/lib/cn';

const STATUS: Record<DeliveryStatus, { icon: string; tone: string }> = {
  PENDING: { icon: '◌', tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
  RETRYING: { icon: '↻', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  SENT: { icon: '✓', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  FAILED: { icon: '✕', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
};

/** The service's own status word with an icon; colour only repeats it. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { icon, tone } = STATUS[status];
  return (
    <span data-status={status} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone)}>
      <span aria-hidden="true">{icon}</span>
      {status}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', active ? 'text-emerald-800 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400')}>
      <span aria-hidden="true">{active ? '●' : '❚❚'}</span>
      {active ? 'Active' : 'Paused'}
    </span>
  );
}

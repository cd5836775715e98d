import type { OrderStatus } from '@/api/schemas/orders';
import { cn } from '@/lib/cn';

const STATUS: Record<OrderStatus, { label: string; icon: string; tone: string }> = {
  pending: { label: 'Waiting for files', icon: '◌', tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
  inProgress: { label: 'Processing', icon: '↻', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100' },
  complete: { label: 'Complete', icon: '✓', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  detected: { label: 'Watermark found', icon: '✓', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  undetected: { label: 'No watermark found', icon: '∅', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  failed: { label: 'Failed', icon: '✕', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
  expired: { label: 'Expired', icon: '⌛', tone: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
};

export function statusLabel(status: OrderStatus): string {
  return STATUS[status].label;
}

/** Status in words with an icon; the colour only repeats what the words say. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { label, icon, tone } = STATUS[status];
  return (
    <span data-status={status} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone, className)}>
      <span aria-hidden="true" data-testid="status-icon">
        {icon}
      </span>
      {label}
    </span>
  );
}

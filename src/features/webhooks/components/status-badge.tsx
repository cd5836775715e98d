import { CircleCheck, CircleDashed, CircleX, RotateCw, type LucideIcon } from 'lucide-react';
import type { DeliveryStatus } from '@/api/schemas/webhooks';
import { StatusPill, type Tone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const STATUS: Record<DeliveryStatus, { icon: LucideIcon; tone: Tone }> = {
  PENDING: { icon: CircleDashed, tone: 'neutral' },
  RETRYING: { icon: RotateCw, tone: 'warning' },
  SENT: { icon: CircleCheck, tone: 'success' },
  FAILED: { icon: CircleX, tone: 'danger' },
};

/** The service's own status word with an icon of its own shape (the kit's StatusPill); colour only repeats it. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { icon, tone } = STATUS[status];
  return <StatusPill tone={tone} icon={icon} label={status} status={status} />;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', active ? 'text-emerald-800 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400')}>
      <span aria-hidden="true">{active ? '●' : '❚❚'}</span>
      {active ? 'Active' : 'Paused'}
    </span>
  );
}

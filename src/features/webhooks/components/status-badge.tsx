import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, CircleDashed, CircleX, RotateCw, type LucideIcon } from 'lucide-react';
import type { DeliveryStatus } from '@/api/schemas/webhooks';
import { StatusPill, type Tone } from '@/components/ui/feedback/badge';
import { cn } from '@/lib/cn';
import { deliveryStatusWord } from '../lib/status-words';

const STATUS: Record<DeliveryStatus, { icon: LucideIcon; tone: Tone }> = {
  PENDING: { icon: CircleDashed, tone: 'neutral' },
  RETRYING: { icon: RotateCw, tone: 'warning' },
  SENT: { icon: CircleCheck, tone: 'success' },
  FAILED: { icon: CircleX, tone: 'danger' },
};

/**
 * The service's own status word (in Korean and Japanese, the glossary's word for it) with an icon of its own shape
 * (the kit's StatusPill); colour only repeats it.
 */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  useLingui(); // re-render in the new language
  const { icon, tone } = STATUS[status];
  return <StatusPill tone={tone} icon={icon} label={deliveryStatusWord(status)} status={status} />;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', active ? 'text-emerald-800 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400')}>
      <span aria-hidden="true">{active ? '●' : '❚❚'}</span>
      {active ? <Trans>Active</Trans> : <Trans>Paused</Trans>}
    </span>
  );
}

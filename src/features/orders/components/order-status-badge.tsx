import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleDashed, CircleSlash, CircleX, Hourglass, LoaderCircle, ScanSearch, type LucideIcon } from 'lucide-react';
import type { OrderStatus } from '@/api/schemas/orders';
import { StatusPill, type Tone } from '@/components/ui/feedback/badge';
import { STATUS_LABELS } from '../lib/labels';

const STATUS: Record<OrderStatus, { icon: LucideIcon; tone: Tone }> = {
  pending: { icon: CircleDashed, tone: 'neutral' },
  inProgress: { icon: LoaderCircle, tone: 'progress' },
  complete: { icon: CircleCheck, tone: 'success' },
  detected: { icon: ScanSearch, tone: 'success' },
  undetected: { icon: CircleSlash, tone: 'warning' },
  failed: { icon: CircleX, tone: 'danger' },
  expired: { icon: Hourglass, tone: 'neutral' },
};

/** Status in words with an icon of its own shape (the kit's StatusPill); the colour only repeats what the words say. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { i18n } = useLingui();
  const { icon, tone } = STATUS[status];
  return <StatusPill tone={tone} icon={icon} label={i18n._(STATUS_LABELS[status])} status={status} className={className} />;
}

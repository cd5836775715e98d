import { CircleCheck, CircleDashed, CircleSlash, CircleX, Hourglass, LoaderCircle, ScanSearch, type LucideIcon } from 'lucide-react';
import type { OrderStatus } from '@/api/schemas/orders';
import { StatusPill, type Tone } from '@/components/ui/badge';

const STATUS: Record<OrderStatus, { label: string; icon: LucideIcon; tone: Tone }> = {
  pending: { label: 'Waiting for files', icon: CircleDashed, tone: 'neutral' },
  inProgress: { label: 'Processing', icon: LoaderCircle, tone: 'progress' },
  complete: { label: 'Complete', icon: CircleCheck, tone: 'success' },
  detected: { label: 'Watermark found', icon: ScanSearch, tone: 'success' },
  undetected: { label: 'No watermark found', icon: CircleSlash, tone: 'warning' },
  failed: { label: 'Failed', icon: CircleX, tone: 'danger' },
  expired: { label: 'Expired', icon: Hourglass, tone: 'neutral' },
};

export function statusLabel(status: OrderStatus): string {
  return STATUS[status].label;
}

/** Status in words with an icon of its own shape (the kit's StatusPill); the colour only repeats what the words say. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { label, icon, tone } = STATUS[status];
  return <StatusPill tone={tone} icon={icon} label={label} status={status} className={className} />;
}

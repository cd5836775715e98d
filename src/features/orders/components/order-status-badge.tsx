import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleDashed, CircleSlash, CircleX, Hourglass, LoaderCircle, ScanSearch, type LucideIcon } from 'lucide-react';
import type { OrderStatus } from '@/api/schemas/orders';
import { StatusPill, type Tone } from '@/components/ui/badge';

// The glossary's status words (§ 2); "detected" / "undetected" are the extract results of § 1.
const STATUS: Record<OrderStatus, { label: MessageDescriptor; icon: LucideIcon; tone: Tone }> = {
  pending: { label: msg`Waiting for files`, icon: CircleDashed, tone: 'neutral' },
  inProgress: { label: msg`Processing`, icon: LoaderCircle, tone: 'progress' },
  complete: { label: msg`Complete`, icon: CircleCheck, tone: 'success' },
  detected: { label: msg`Watermark found`, icon: ScanSearch, tone: 'success' },
  undetected: { label: msg`No watermark found`, icon: CircleSlash, tone: 'warning' },
  failed: { label: msg`Failed`, icon: CircleX, tone: 'danger' },
  expired: { label: msg`Expired`, icon: Hourglass, tone: 'neutral' },
};

/** The status in the active locale's words; called while rendering (filters, tests). */
export function statusLabel(status: OrderStatus): string {
  return i18n._(STATUS[status].label);
}

/** Status in words with an icon of its own shape (the kit's StatusPill); the colour only repeats what the words say. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { i18n } = useLingui();
  const { label, icon, tone } = STATUS[status];
  return <StatusPill tone={tone} icon={icon} label={i18n._(label)} status={status} className={className} />;
}

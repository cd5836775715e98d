import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Activity, Files, LayoutDashboard, Plus, UserRound, Webhook, type LucideIcon } from 'lucide-react';

export const NAV_ITEMS: readonly { to: string; label: MessageDescriptor; end: boolean; icon: LucideIcon }[] = [
  { to: '/', label: msg`Overview`, end: true, icon: LayoutDashboard },
  { to: '/orders', label: msg`Orders`, end: false, icon: Files },
  { to: '/orders/new', label: msg`New order`, end: false, icon: Plus },
  { to: '/usage', label: msg`Usage`, end: false, icon: Activity },
  { to: '/webhooks', label: msg`Webhooks`, end: false, icon: Webhook },
  { to: '/account', label: msg`Account`, end: false, icon: UserRound },
];

import { Activity, Files, LayoutDashboard, Plus, UserRound, Webhook, type LucideIcon } from 'lucide-react';

export const NAV_ITEMS: readonly { to: string; label: string; end: boolean; icon: LucideIcon }[] = [
  { to: '/', label: 'Overview', end: true, icon: LayoutDashboard },
  { to: '/orders', label: 'Orders', end: false, icon: Files },
  { to: '/orders/new', label: 'New order', end: false, icon: Plus },
  { to: '/usage', label: 'Usage', end: false, icon: Activity },
  { to: '/webhooks', label: 'Webhooks', end: false, icon: Webhook },
  { to: '/account', label: 'Account', end: false, icon: UserRound },
];

export const NAV_ITEMS = [
  { to: '/', label: 'Overview', end: true },
  { to: '/orders', label: 'Orders', end: false },
  { to: '/orders/new', label: 'New order', end: false },
  { to: '/usage', label: 'Usage', end: false },
  { to: '/webhooks', label: 'Webhooks', end: false },
  { to: '/account', label: 'Account', end: false },
] as const;

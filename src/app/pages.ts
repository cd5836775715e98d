import type { ComponentType } from 'react';
import type { AreaPart } from '@/i18n/catalogs';

/** A page's module: what react-router's `lazy` takes. */
type PageModule = { Component: ComponentType };

/**
 * Every signed-in page's address, code and the areas whose words it draws (lingui.config.ts: a route under
 * routes/orders is the orders catalog's; the stats feature is too), in one place. The router is built from this list, and with a session
 * the entry asks for the current page's code beside the app's, not after it: on a phone's first visit that is one
 * round trip fewer before anything is drawn (docs/decisions/bundle.md). No React or router code here: the entry
 * loads this module on its own, before the app.
 */
export const PAGES: readonly { path: string; load: () => Promise<PageModule>; words: readonly AreaPart[] }[] = [
  { path: '/', load: () => import('./routes/overview'), words: ['orders', 'webhooks'] },
  { path: '/orders', load: () => import('./routes/orders/orders-list'), words: ['orders', 'uploads'] },
  { path: '/orders/new/anti-ai', load: () => import('./routes/orders/new-anti-ai'), words: ['orders', 'uploads'] },
  { path: '/orders/new/embed', load: () => import('./routes/orders/new-embed'), words: ['orders', 'uploads'] },
  { path: '/orders/new/extract', load: () => import('./routes/orders/new-extract'), words: ['orders', 'uploads'] },
  { path: '/orders/batches/:batchId', load: () => import('./routes/orders/batch-detail'), words: ['orders', 'uploads'] },
  { path: '/orders/:orderId/evidence', load: () => import('./routes/orders/evidence'), words: ['orders', 'uploads'] },
  { path: '/orders/:orderId', load: () => import('./routes/orders/order-detail'), words: ['orders', 'uploads'] },
  { path: '/usage', load: () => import('./routes/usage'), words: ['orders'] },
  { path: '/webhooks', load: () => import('./routes/webhooks/webhooks-list'), words: ['webhooks'] },
  { path: '/webhooks/signature-checker', load: () => import('./routes/webhooks/signature-checker'), words: ['webhooks'] },
  { path: '/webhooks/test-receiver', load: () => import('./routes/webhooks/test-receiver'), words: ['webhooks'] },
  { path: '/webhooks/:webhookId', load: () => import('./routes/webhooks/webhook-detail'), words: ['webhooks'] },
  { path: '/account', load: () => import('./routes/account'), words: ['orders'] },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The page an address shows; a path without a parameter wins, as in the router ("/orders/new/embed" is not an order). */
export function pageFor(pathname: string): (typeof PAGES)[number] | undefined {
  const parts = segments(pathname);
  const fits = (path: string) => {
    const pattern = segments(path);
    return pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]);
  };
  return PAGES.find((page) => !page.path.includes(':') && fits(page.path)) ?? PAGES.find((page) => fits(page.path));
}

import type { ComponentType } from 'react';

/** A page's module: what react-router's `lazy` takes. */
type PageModule = { Component: ComponentType };

/**
 * Every signed-in page's address and code, in one place. The router is built from this list, and with a session
 * the entry asks for the current page's code beside the app's, not after it: on a phone's first visit that is one
 * round trip fewer before anything is drawn (docs/decisions/bundle.md). No React or router code here: the entry
 * loads this module on its own, before the app.
 */
export const PAGES: readonly { path: string; load: () => Promise<PageModule> }[] = [
  { path: '/', load: () => import('./routes/overview') },
  { path: '/orders', load: () => import('./routes/orders/orders-list') },
  { path: '/orders/new/anti-ai', load: () => import('./routes/orders/new-anti-ai') },
  { path: '/orders/new/embed', load: () => import('./routes/orders/new-embed') },
  { path: '/orders/new/extract', load: () => import('./routes/orders/new-extract') },
  { path: '/orders/batches/:batchId', load: () => import('./routes/orders/batch-detail') },
  { path: '/orders/:orderId', load: () => import('./routes/orders/order-detail') },
  { path: '/usage', load: () => import('./routes/usage') },
  { path: '/webhooks', load: () => import('./routes/webhooks/webhooks-list') },
  { path: '/webhooks/signature-checker', load: () => import('./routes/webhooks/signature-checker') },
  { path: '/webhooks/test-receiver', load: () => import('./routes/webhooks/test-receiver') },
  { path: '/webhooks/:webhookId', load: () => import('./routes/webhooks/webhook-detail') },
  { path: '/account', load: () => import('./routes/account') },
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

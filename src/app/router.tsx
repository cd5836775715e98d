import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AppLayout } from './layout/app-layout';
import { PageSkeleton } from './layout/page-skeleton';
import { RouteError } from './layout/route-error';

/** Every page is its own chunk: the sign-in page downloads nothing of the others. */
export function createAppRouter() {
  return createBrowserRouter([
    { path: '/sign-in', lazy: () => import('./routes/sign-in'), errorElement: <RouteError />, hydrateFallbackElement: <PageSkeleton /> },
    {
      path: '/',
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSkeleton />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: () => import('./routes/overview') },
            { path: 'orders', lazy: () => import('./routes/orders/orders-list') },
            { path: 'orders/new', element: <Navigate to="/orders/new/anti-ai" replace /> },
            { path: 'orders/new/anti-ai', lazy: () => import('./routes/orders/new-anti-ai') },
            { path: 'orders/new/embed', lazy: () => import('./routes/orders/new-embed') },
            { path: 'orders/new/extract', lazy: () => import('./routes/orders/new-extract') },
            { path: 'orders/batches/:batchId', lazy: () => import('./routes/orders/batch-detail') },
            { path: 'orders/:orderId', lazy: () => import('./routes/orders/order-detail') },
            { path: 'usage', lazy: () => import('./routes/usage') },
            { path: 'webhooks', lazy: () => import('./routes/webhooks/webhooks-list') },
            { path: 'webhooks/signature-checker', lazy: () => import('./routes/webhooks/signature-checker') },
            { path: 'webhooks/test-receiver', lazy: () => import('./routes/webhooks/test-receiver') },
            { path: 'webhooks/:webhookId', lazy: () => import('./routes/webhooks/webhook-detail') },
            { path: 'account', lazy: () => import('./routes/account') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]);
}

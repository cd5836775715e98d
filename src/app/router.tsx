import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AppLayout } from './layout/app-layout';
import { PageSkeleton } from './layout/page-skeleton';
import { PAGES } from './pages';
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
            ...PAGES.map((page) => (page.path === '/' ? { index: true, lazy: page.load } : { path: page.path.slice(1), lazy: page.load })),
            { path: 'orders/new', element: <Navigate to="/orders/new/anti-ai" replace /> },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]);
}

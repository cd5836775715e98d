import { i18n } from '@lingui/core';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AppLayout } from './layout/app-layout';
import { PageSkeleton } from './layout/page-skeleton';
import { pageWords } from '@/i18n/catalogs';
import type { Locale } from '@/i18n/locales';
import { PAGES } from './pages';
import { RouteError } from './layout/route-error';

/** A page's code and its areas' words, downloaded together: the page draws when both are there. */
const withWords = (page: (typeof PAGES)[number]) => () =>
  Promise.all([page.load(), pageWords(i18n.locale as Locale, page.words)]).then(([module]) => module);

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
            ...PAGES.map((page) => (page.path === '/' ? { index: true, lazy: withWords(page) } : { path: page.path.slice(1), lazy: withWords(page) })),
            { path: 'orders/new', element: <Navigate to="/orders/new/anti-ai" replace /> },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]);
}

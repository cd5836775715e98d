import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';

/** A page that failed to load or render: say so, and offer a way on, instead of a blank screen. */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="mb-3 text-xl font-semibold">
        <Trans>This page could not be shown</Trans>
      </h1>
      {chunkFailed ? (
        <ErrorAlert error={new Error(t`A new version of the dashboard may have been deployed, or the connection dropped.`)} onRetry={() => window.location.reload()} />
      ) : (
        <ErrorAlert error={isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error} />
      )}
      <p className="mt-4 text-sm">
        <Link className="text-indigo-700 underline dark:text-indigo-400" to="/">
          <Trans>Go to the overview</Trans>
        </Link>
      </p>
    </main>
  );
}

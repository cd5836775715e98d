import { CircleX } from 'lucide-react';
import { isApiError } from '@/api/api-error';
import { Button } from './button';

/** An error in plain words, with the service's code available for support and searching. */
export function ErrorAlert({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const code = isApiError(error) ? error.code : undefined;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="flex items-start gap-2 font-medium">
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">{title ?? message}</span>
      </p>
      {title && <p className="mt-1">{message}</p>}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {code && (
          <p className="text-xs text-red-800 dark:text-red-200">
            Error code: <code className="font-mono">{code}</code>
          </p>
        )}
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { CircleX } from 'lucide-react';
import { isApiError } from '@/api/api-error';
import { Button } from '../form/button';

const same = (a: string, b: string) => a.replace(/[.\s。]+$/, '').toLowerCase() === b.replace(/[.\s。]+$/, '').toLowerCase();

/**
 * An error in plain words first; the service's code comes last, small, for support and searching. A message that only
 * repeats the title (the service often says the same thing) is not shown twice. The service's own text (often Korean,
 * whatever the dashboard's language) is only ever a detail under the dashboard's words.
 */
export function ErrorAlert({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const { t } = useLingui();
  const message = error instanceof Error ? error.message : t`Something went wrong.`;
  const code = isApiError(error) ? error.code : undefined;
  const serviceText = isApiError(error) ? error.detail : undefined;
  const headline = title ?? message;
  const detail = title && !same(title, message) && !(code && message === code) ? message : undefined;
  const extra = serviceText && !same(serviceText, headline) && !(detail && same(serviceText, detail)) ? serviceText : undefined;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="flex items-start gap-2 font-medium">
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">{headline}</span>
      </p>
      {detail && <p className="mt-1 pl-6">{detail}</p>}
      {extra && <p className="mt-1 pl-6 text-xs break-words text-red-800 dark:text-red-200">{extra}</p>}
      {(code || onRetry) && (
        <div className="mt-2 flex flex-wrap items-center gap-3 pl-6">
          {onRetry && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          )}
          {code && (
            <p className="text-xs text-red-800 dark:text-red-200">
              <Trans>
                Error code: <code className="font-mono break-all">{code}</code>
              </Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

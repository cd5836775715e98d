import { Trans, useLingui } from '@lingui/react/macro';
import { isMissingEndpoint } from '@/api/api-error';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { useOrderDownload } from '../../api/get-order-download';

/** Asks for a fresh link on each click, then lets the browser download it. */
export function DownloadButton({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const download = useOrderDownload(orderId);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Trans>Preparing download…</Trans> : <Trans>Download results (ZIP)</Trans>}
        </Button>
      </div>
      {download.isError &&
        (isMissingEndpoint(download.error) ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            <Trans>This service does not offer downloads; use the link from the webhook event instead.</Trans>
          </p>
        ) : (
          <ErrorAlert error={download.error} title={t`The download could not start.`} onRetry={() => download.mutate()} />
        ))}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import type { useOrderSubmission } from '../../hooks/use-order-submission';
import { UploadProgress } from './upload-progress';

/** What happens after submit: creation errors, then the uploads, then the link to the order. */
export function SubmissionPanel({ submission }: { submission: ReturnType<typeof useOrderSubmission> }) {
  const { t } = useLingui();
  const { created, createError, uploadRun } = submission;
  return (
    <div className="flex flex-col gap-3">
      {createError !== null && <ErrorAlert error={createError} title={t`The order was not created`} />}
      {created && (
        <Notice tone="info">
          <CreatedNotice orderId={created.orderId} phase={uploadRun.phase} />
        </Notice>
      )}
      {uploadRun.error !== null && <ErrorAlert error={uploadRun.error} title={t`The order could not be confirmed`} />}
      {uploadRun.engine && <UploadProgress engine={uploadRun.engine} />}
    </div>
  );
}

/** One whole sentence per phase, the order's link inside it, so translators can place the link where it reads well. */
function CreatedNotice({ orderId, phase }: { orderId: string; phase: ReturnType<typeof useOrderSubmission>['uploadRun']['phase'] }) {
  const to = `/orders/${encodeURIComponent(orderId)}`;
  switch (phase) {
    case 'uploading':
      return (
        <Trans>
          Order created.{' '}
          <Link className="underline" to={to}>
            Open the order
          </Link>{' '}
          — keep this page open until the uploads finish.
        </Trans>
      );
    case 'confirming':
      return (
        <Trans>
          Order created.{' '}
          <Link className="underline" to={to}>
            Open the order
          </Link>{' '}
          — confirming…
        </Trans>
      );
    case 'failed':
      return (
        <Trans>
          Order created.{' '}
          <Link className="underline" to={to}>
            Open the order
          </Link>{' '}
          — some files did not upload; you can drop them again on the order page.
        </Trans>
      );
    default:
      return (
        <Trans>
          Order created.{' '}
          <Link className="underline" to={to}>
            Open the order
          </Link>
        </Trans>
      );
  }
}

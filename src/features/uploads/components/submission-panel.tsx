import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import type { useOrderSubmission } from '../hooks/use-order-submission';
import { UploadProgress } from './upload-progress';

/** What happens after submit: creation errors, then the uploads, then the link to the order. */
export function SubmissionPanel({ submission }: { submission: ReturnType<typeof useOrderSubmission> }) {
  const { created, createError, uploadRun } = submission;
  return (
    <div className="flex flex-col gap-3">
      {createError !== null && <ErrorAlert error={createError} title="The order was not created" />}
      {created && (
        <Notice tone="info">
          Order created.{' '}
          <Link className="underline" to={`/orders/${encodeURIComponent(created.orderId)}`}>
            Open the order
          </Link>
          {uploadRun.phase === 'uploading' && ' — keep this page open until the uploads finish.'}
          {uploadRun.phase === 'confirming' && ' — confirming…'}
          {uploadRun.phase === 'failed' && ' — some files did not upload; you can drop them again on the order page.'}
        </Notice>
      )}
      {uploadRun.error !== null && <ErrorAlert error={uploadRun.error} title="The order could not be confirmed" />}
      {uploadRun.snapshot && (
        <UploadProgress snapshot={uploadRun.snapshot} onCancel={uploadRun.cancel} onCancelAll={uploadRun.cancelAll} />
      )}
    </div>
  );
}

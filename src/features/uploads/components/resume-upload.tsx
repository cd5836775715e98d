import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ANTI_AI_EXTENSIONS, EMBED_EXTENSIONS, EXTRACT_EXTENSIONS, FILES_PER_ORDER_MAX } from '@/api/formats';
import type { OrderType } from '@/api/schemas/orders';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { orderKeys } from '@/lib/query-keys';
import { refreshUploadUrls } from '../api/refresh-urls';
import { useUploadRun } from '../hooks/use-upload-run';
import { addFiles, type Rejection } from '../lib/file-validation';
import { makeSubmissionKeys } from '../upload-engine';
import { DropZone } from './drop-zone';
import { FileList, RejectionList } from './file-list';
import { UploadProgress } from './upload-progress';

const EXTENSIONS: Record<OrderType, readonly string[]> = {
  antiAi: ANTI_AI_EXTENSIONS,
  watermarkEmbed: EMBED_EXTENSIONS,
  watermarkExtract: EXTRACT_EXTENSIONS,
};

export interface ResumeUploadProps {
  orderId: string;
  orderType: OrderType;
}

/**
 * Finishes a pending order: refresh-urls says which files are still missing (with new URLs);
 * the user drops them again, matched by file name; anti-AI orders are confirmed afterwards.
 */
export function ResumeUpload({ orderId, orderType }: ResumeUploadProps) {
  const expected = useQuery({
    queryKey: [...orderKeys.detail(orderId), 'pending-uploads'],
    queryFn: () => refreshUploadUrls(orderId),
    staleTime: Infinity,
    retry: false,
  });
  const [dropped, setDropped] = useState<File[]>([]);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const confirmKey = useRef(makeSubmissionKeys().confirm);
  const uploadRun = useUploadRun();
  const busy = uploadRun.phase === 'uploading' || uploadRun.phase === 'confirming';

  if (expected.isPending) return <Skeleton className="h-32 w-full" />;
  if (expected.isError) return <ErrorAlert error={expected.error} title="Could not load the files still to upload" onRetry={() => void expected.refetch()} />;

  const missing = expected.data.files;
  const missingNames = new Set(missing.map((f) => f.fileName));
  const matched = dropped.filter((f) => missingNames.has(f.name));
  const unknown = dropped.filter((f) => !missingNames.has(f.name));
  const stillExpected = missing.filter((f) => !dropped.some((d) => d.name === f.fileName));

  const start = async () => {
    // New URLs right before the upload: the ones fetched on arrival may have expired meanwhile.
    const fresh = await refreshUploadUrls(orderId).catch(() => expected.data);
    await uploadRun.run({
      orderId,
      uploads: fresh.files,
      files: matched,
      confirm: orderType === 'antiAi',
      confirmKey: confirmKey.current,
    });
  };

  if (uploadRun.phase === 'finished') {
    return <Notice tone="success">All files are uploaded{orderType === 'antiAi' ? ' and the order is confirmed' : ''}; processing has started.</Notice>;
  }

  return (
    <section aria-label="Finish uploading" className="flex flex-col gap-3">
      {missing.length === 0 ? (
        <Notice tone="info">Every file of this order is uploaded.{orderType === 'antiAi' && ' Confirm it to start processing.'}</Notice>
      ) : (
        <>
          <p className="text-sm">
            This order is waiting for {missing.length} file(s). Drop the same files again (matched by name):
          </p>
          <ul aria-label="Files still expected" className="list-disc pl-5 text-sm">
            {stillExpected.map((f) => (
              <li key={f.fileKey}>{f.fileName}</li>
            ))}
          </ul>
          <DropZone
            label="Drop the missing files"
            hint="Files are matched to the order by name"
            disabled={busy}
            onFiles={(incoming) => {
              const result = addFiles(dropped, incoming, { extensions: EXTENSIONS[orderType], maxFiles: FILES_PER_ORDER_MAX });
              setRejected(result.rejected);
              setDropped(result.accepted);
            }}
          />
          <RejectionList rejected={rejected} />
          {unknown.length > 0 && (
            <Notice tone="warning">
              Not part of this order (or already uploaded), will not be sent: {unknown.map((f) => f.name).join(', ')}
            </Notice>
          )}
          <FileList files={matched} onRemove={(name) => setDropped((c) => c.filter((f) => f.name !== name))} />
        </>
      )}
      {uploadRun.error !== null && <ErrorAlert error={uploadRun.error} title="The order could not be confirmed" />}
      {uploadRun.snapshot && (
        <UploadProgress snapshot={uploadRun.snapshot} onCancel={uploadRun.cancel} onCancelAll={uploadRun.cancelAll} />
      )}
      <div>
        <Button
          onClick={() => void start()}
          disabled={busy || (missing.length > 0 && matched.length === 0) || (missing.length === 0 && orderType !== 'antiAi')}
        >
          {missing.length === 0 ? 'Confirm order' : `Upload ${matched.length} file(s)`}
        </Button>
      </div>
    </section>
  );
}

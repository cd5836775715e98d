import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ANTI_AI_EXTENSIONS, EMBED_EXTENSIONS, EXTRACT_EXTENSIONS, FILES_PER_ORDER_MAX } from '@/api/formats';
import type { OrderType } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { orderKeys } from '@/lib/query-keys';
import { refreshUploadUrls } from '@/api/orders';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { resumeNames } from '../../lib/files/folder-drop';
import { uploadBatches } from '../../lib/batch/batch-store';
import { useUploadRun } from '../../hooks/use-upload-run';
import { hashOf } from '../../lib/files/checked-list';
import { contentTypeOf } from '../../lib/files/file-validation';
import { makeSubmissionKeys } from '../../lib/submission/idempotent-submission';
import { matchResume, type ResumeMatch } from '../../lib/submission/resume-matching';
import { orderUploaded } from '../../lib/submission/submit-steps';
import { uploadManifests } from '../../lib/submission/upload-manifest';
import { DropZone } from '../form/drop-zone';
import { FileList, RejectionList } from '../form/file-list';
import { UploadProgress } from '../form/upload-progress';

const RULES: Record<OrderType, { extensions: readonly string[]; maxFiles: number }> = {
  antiAi: { extensions: ANTI_AI_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX },
  watermarkEmbed: { extensions: EMBED_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX },
  watermarkExtract: { extensions: EXTRACT_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX },
};

export interface ResumeUploadProps {
  orderId: string;
  orderType: OrderType;
}

function skippedText(match: Exclude<ResumeMatch, { kind: 'send' }>): MessageDescriptor {
  const dropped = match.dropped;
  switch (match.kind) {
    case 'uploaded': {
      const as = match.as;
      return as === dropped ? msg`${dropped}: already uploaded, skipped` : msg`${dropped}: already uploaded as ${as}, skipped`;
    }
    case 'different': {
      const as = match.as;
      return msg`${dropped}: not the same content as the ${as} this order was created with, not sent`;
    }
    case 'unknown':
      return msg`${dropped}: not part of this order (or already uploaded), not sent`;
  }
}

/**
 * Finishes a pending order: refresh-urls says which files are still missing (with new URLs); the
 * user drops the folder again and each file is decoded and hashed, then matched by content to what
 * this browser remembered at creation (renamed files too), else by name; anti-AI orders are
 * confirmed afterwards.
 */
export function ResumeUpload({ orderId, orderType }: ResumeUploadProps) {
  const { t } = useLingui();
  const expected = useQuery({
    queryKey: orderKeys.pendingUploads(orderId),
    queryFn: () => refreshUploadUrls(orderId),
    staleTime: Infinity,
    retry: false,
  });
  const [manifest] = useState(() => uploadManifests().load(orderId));
  const dropped = useCheckedFiles(RULES[orderType]);
  const confirmKey = useRef(makeSubmissionKeys().confirm);
  const uploadRun = useUploadRun();
  const busy = uploadRun.phase === 'uploading' || uploadRun.phase === 'confirming';

  const missing = useMemo(() => expected.data?.files ?? [], [expected.data]);
  const checked = dropped.files.flatMap((file) => {
    const sha256 = hashOf(dropped, file);
    return sha256 ? [{ file, name: file.name, sha256 }] : [];
  });
  const matches = matchResume(missing, manifest, checked);
  const sends = matches.flatMap((m, i) => (m.kind === 'send' ? [{ match: m, file: checked[i]!.file }] : []));
  const skipped = matches.filter((m): m is Exclude<ResumeMatch, { kind: 'send' }> => m.kind !== 'send');
  const sendFiles = new Set(sends.map((s) => s.file));
  const shown = dropped.files.filter((f) => sendFiles.has(f) || !dropped.results.has(f));
  const targetOf = new Map(sends.map((s) => [s.file, s.match]));
  const stillExpected = missing.filter((f) => !sends.some((s) => s.match.target.fileKey === f.fileKey));

  if (expected.isPending) return <Skeleton className="h-32 w-full" />;
  if (expected.isError) return <ErrorAlert error={expected.error} title={t`Could not load the files still to upload`} onRetry={() => void expected.refetch()} />;

  const start = async () => {
    // New URLs right before the upload: the ones fetched on arrival may have expired meanwhile.
    const fresh = await refreshUploadUrls(orderId).catch(() => expected.data);
    // Each file goes to the upload of the file it was matched to, by key: a renamed file is sent as the
    // order's file (same bytes, no copy), and a file uploaded meanwhile is no longer issued and left out.
    const items = sends.flatMap(({ match, file }) => {
      const upload = fresh.files.find((u) => u.fileKey === match.target.fileKey);
      return upload ? [{ fileName: upload.fileName, fileKey: upload.fileKey, uploadUrl: upload.uploadUrl, body: file, contentType: contentTypeOf(file) }] : [];
    });
    const ok = await uploadRun.run({
      orderId,
      items,
      expected: fresh.files.length,
      ...(orderType === 'antiAi' ? { confirmKey: confirmKey.current } : {}),
    });
    if (ok) {
      orderUploaded(orderId);
      // An order of a batch finished here is no longer "waiting" on the batch page nor an unfinished batch.
      const batches = uploadBatches();
      const inBatch = batches.findOrder(orderId);
      if (inBatch) batches.updateOrder(inBatch.record.batchId, inBatch.index, { uploaded: true });
    }
  };

  if (uploadRun.phase === 'finished') {
    return (
      <Notice tone="success">
        {orderType === 'antiAi' ? (
          <Trans>All files are uploaded and the order is confirmed; processing has started.</Trans>
        ) : (
          <Trans>All files are uploaded; processing has started.</Trans>
        )}
      </Notice>
    );
  }

  const missingCount = missing.length;
  const sendCount = sends.length;
  const checking = dropped.checking;
  return (
    <section aria-label={t`Finish uploading`} className="flex flex-col gap-3">
      {missing.length === 0 ? (
        <Notice tone="info">
          {orderType === 'antiAi' ? (
            <Trans>Every file of this order is uploaded. Confirm it to start processing.</Trans>
          ) : (
            <Trans>Every file of this order is uploaded.</Trans>
          )}
        </Notice>
      ) : (
        <>
          <p className="text-sm">
            {manifest
              ? t`${plural(missingCount, {
                  one: 'This order is waiting for # file. Drop the same files (or the whole folder) again: they are recognised by their content, even if renamed; files already uploaded are skipped.',
                  other: 'This order is waiting for # files. Drop the same files (or the whole folder) again: they are recognised by their content, even if renamed; files already uploaded are skipped.',
                })}`
              : t`${plural(missingCount, {
                  one: 'This order is waiting for # file. Drop the same files (or the whole folder) again: they are matched by name (this browser did not create the order).',
                  other: 'This order is waiting for # files. Drop the same files (or the whole folder) again: they are matched by name (this browser did not create the order).',
                })}`}
          </p>
          <ul aria-label={t`Files still expected`} className="list-disc pl-5 text-sm">
            {stillExpected.map((f) => (
              <li key={f.fileKey}>{f.fileName}</li>
            ))}
          </ul>
          <DropZone
            label={t`Drop the missing files`}
            hint={manifest ? t`Files are matched to the order by content, then by name` : t`Files are matched to the order by name`}
            disabled={busy}
            // The same names as when the order was made from this folder, so the name match holds too; a name
            // still taken (same names from a second folder) is numbered, never refused: content decides.
            onFiles={(files) => dropped.add(resumeNames(files, dropped.names()))}
            folders
          />
          <RejectionList rejected={dropped.rejected} />
          {skipped.length > 0 && (
            <Notice tone="info">
              <ul aria-label={t`Files not sent`} className="list-disc pl-5">
                {skipped.map((m) => (
                  <li key={m.dropped}>{t(skippedText(m))}</li>
                ))}
              </ul>
            </Notice>
          )}
          <FileList
            files={shown}
            results={dropped.results}
            label={t`Files to send`}
            onRemove={dropped.remove}
            renderExtra={(file) => {
              const match = targetOf.get(file);
              if (!match?.renamed) return null;
              const dropped = match.dropped;
              const name = match.target.fileName;
              return (
                <p className="text-xs">
                  <Trans>
                    {dropped} is {name} (renamed)
                  </Trans>
                </p>
              );
            }}
          />
        </>
      )}
      {uploadRun.error !== null && <ErrorAlert error={uploadRun.error} title={t`The order could not be confirmed`} />}
      {uploadRun.engine && <UploadProgress engine={uploadRun.engine} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void start()}
          aria-describedby="resume-wait-reason"
          disabled={busy || dropped.checking > 0 || (missing.length > 0 && sends.length === 0) || (missing.length === 0 && orderType !== 'antiAi')}
        >
          {missing.length === 0 ? t`Confirm order` : t`${plural(sendCount, { one: 'Upload # file', other: 'Upload # files' })}`}
        </Button>
        <p id="resume-wait-reason" role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {checking > 0 && !busy && t`${plural(checking, { one: 'Checking # file…', other: 'Checking # files…' })}`}
        </p>
      </div>
    </section>
  );
}

import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isWorthRetrying } from '@/api/api-error';
import { createAntiAiOrder, createEmbedOrder, createExtractOrder } from '@/api/orders';
import { orderKeys } from '@/lib/query-keys';
import { sentOrders, type SentOrder } from '@/lib/sent-orders';
import { makeSubmissionKeys, withSameKey, type SubmissionKeys } from '../lib/idempotent-submission';
import { previewOf } from '../lib/preview-of';
import { pairUploads, sentOrderOf, type PairedUpload, type Submission } from '../lib/submission';
import { uploadManifests, type ManifestEntry } from '../lib/upload-manifest';
import type { IssuedUpload } from '../upload-engine';
import { useUploadRun } from './use-upload-run';

export interface CreatedOrder {
  orderId: string;
  /** Each file with the upload issued for it. */
  uploads: PairedUpload[];
  /** Uploads the service issued; more than `uploads` only if its answer listed more files than were sent. */
  issued: number;
  /** Anti-AI orders with uploads need a confirm once every file is up. */
  needsConfirm: boolean;
}

/** Sends the creation request of the submission's kind; the issued uploads come back in request order. */
async function sendCreate(submission: Submission, idempotencyKey: string): Promise<{ orderId: string; issued: IssuedUpload[] }> {
  switch (submission.type) {
    case 'antiAi': {
      const created = await createAntiAiOrder({ ...submission.body, idempotencyKey });
      // Files given by URL are fetched by the service and get no upload.
      return { orderId: created.orderId, issued: created.files.flatMap((f) => ('uploadUrl' in f ? [f] : [])) };
    }
    case 'watermarkEmbed': {
      const created = await createEmbedOrder({ ...submission.body, idempotencyKey });
      return { orderId: created.orderId, issued: created.files };
    }
    case 'watermarkExtract': {
      const created = await createExtractOrder({ ...submission.body, idempotencyKey });
      const { originalFile, ...file } = created.file;
      return { orderId: created.orderId, issued: originalFile ? [file, originalFile] : [file] };
    }
  }
}

async function createOrder(submission: Submission, idempotencyKey: string): Promise<CreatedOrder> {
  const { orderId, issued } = await sendCreate(submission, idempotencyKey);
  return {
    orderId,
    uploads: pairUploads(submission.files, issued),
    issued: issued.length,
    needsConfirm: submission.type === 'antiAi' && issued.length > 0,
  };
}

/** Name, key, size and content hash of each file to upload, so a reload can resume by content. */
function manifestOf(uploads: PairedUpload[]): ManifestEntry[] {
  return uploads.map((u) => ({ fileName: u.fileName, fileKey: u.fileKey, size: u.body.size, sha256: u.sha256 }));
}

/** Keeps what was sent for the order page, then adds the first file's preview once it is drawn. */
function remember(orderId: string, sent: SentOrder, first: File | undefined) {
  sentOrders().save(orderId, sent);
  if (first && sent.type !== 'watermarkExtract') void previewOf(first).then((before) => before && sentOrders().save(orderId, { ...sent, before }));
}

/**
 * The one submit path of the new-order forms: create → pair each file with its upload → upload →
 * confirm → go to the order. The keys are made once when the user submits and reused by every retry
 * of that submission (also pressing Create order again after a network or 5xx failure, since the
 * order may exist already); a 4xx answer ends the submission, so the corrected form is a new one
 * with new keys.
 */
export function useOrderSubmission() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uploadRun = useUploadRun();
  const keysRef = useRef<SubmissionKeys | null>(null);
  const busyRef = useRef(false);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedOrder | null>(null);

  const submit = useCallback(
    /** `onCreated` runs once the order exists, before its upload (the extract form keeps the file's facts there). */
    async (submission: Submission, options: { onCreated?: (orderId: string) => void | Promise<void> } = {}) => {
      // A second click while the first is in flight is ignored; the shared key guards the rest.
      if (busyRef.current) return;
      busyRef.current = true;
      keysRef.current ??= makeSubmissionKeys();
      const keys = keysRef.current;
      setCreating(true);
      setCreateError(null);
      let order: CreatedOrder;
      try {
        order = await withSameKey(keys.create, (key) => createOrder(submission, key), { isRetryable: isWorthRetrying });
      } catch (error) {
        if (!isWorthRetrying(error)) keysRef.current = null;
        setCreateError(error);
        setCreating(false);
        busyRef.current = false;
        return;
      }
      setCreating(false);
      setCreated(order);
      remember(order.orderId, sentOrderOf(submission), submission.files[0]?.file);
      await Promise.resolve(options.onCreated?.(order.orderId)).catch(() => {});
      if (order.issued > 0) uploadManifests().save(order.orderId, manifestOf(order.uploads));
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      const ok =
        order.issued === 0 ||
        (await uploadRun.run({
          orderId: order.orderId,
          items: order.uploads,
          expected: order.issued,
          ...(order.needsConfirm ? { confirmKey: keys.confirm } : {}),
        }));
      if (ok) {
        uploadManifests().forget(order.orderId);
        navigate(`/orders/${encodeURIComponent(order.orderId)}`);
      }
    },
    [navigate, queryClient, uploadRun],
  );

  return { submit, creating, createError, created, uploadRun, locked: creating || created !== null };
}

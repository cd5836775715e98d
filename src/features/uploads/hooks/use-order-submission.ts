import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/lib/query-keys';
import { fileChecker } from '../lib/file-checker';
import { previewOf } from '../lib/preview-of';
import { sentOrders, type SentOrder } from '@/lib/sent-orders';
import { uploadManifests, type ManifestEntry } from '../lib/upload-manifest';
import { makeSubmissionKeys, withSameKey, type SubmissionKeys } from '../upload-engine';
import { isRetryable, useUploadRun, type IssuedUpload } from './use-upload-run';

export interface CreatedOrder {
  orderId: string;
  uploads: IssuedUpload[];
  /** Anti-AI orders with uploads need a confirm once every file is up. */
  needsConfirm: boolean;
}

/** Name, key, size and content hash of each file to upload, so a reload can resume by content. */
function manifestOf(uploads: IssuedUpload[], files: File[]): ManifestEntry[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  return uploads.flatMap((u) => {
    const file = byName.get(u.fileName);
    const check = file && fileChecker().resultOf(file);
    return file && check?.ok ? [{ fileName: u.fileName, fileKey: u.fileKey, size: file.size, sha256: check.sha256 }] : [];
  });
}

/** Keeps what was sent for the order page, then adds the first file's preview once it is drawn. */
function remember(orderId: string, sent: SentOrder, first: File | undefined) {
  sentOrders().save(orderId, sent);
  if (first && sent.type !== 'watermarkExtract') void previewOf(first).then((before) => before && sentOrders().save(orderId, { ...sent, before }));
}

/**
 * Create → upload → confirm → go to the order. The keys are made once when the user submits and
 * reused by every retry of that submission (also "Try again"); a 4xx answer ends the submission,
 * so the corrected form is a new one with new keys.
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
    async (create: (key: string) => Promise<CreatedOrder>, files: File[], sent?: SentOrder) => {
      // A second click while the first is in flight is ignored; the shared key guards the rest.
      if (busyRef.current) return;
      busyRef.current = true;
      keysRef.current ??= makeSubmissionKeys();
      const keys = keysRef.current;
      setCreating(true);
      setCreateError(null);
      let order: CreatedOrder;
      try {
        order = await withSameKey(keys.create, create, { isRetryable });
      } catch (error) {
        if (!isRetryable(error)) keysRef.current = null;
        setCreateError(error);
        setCreating(false);
        busyRef.current = false;
        return;
      }
      setCreating(false);
      setCreated(order);
      if (sent) remember(order.orderId, sent, files[0]);
      if (order.uploads.length > 0) uploadManifests().save(order.orderId, manifestOf(order.uploads, files));
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      const ok =
        order.uploads.length === 0 ||
        (await uploadRun.run({ orderId: order.orderId, uploads: order.uploads, files, confirm: order.needsConfirm, confirmKey: keys.confirm }));
      if (ok) {
        uploadManifests().forget(order.orderId);
        navigate(`/orders/${encodeURIComponent(order.orderId)}`);
      }
    },
    [navigate, queryClient, uploadRun],
  );

  return { submit, creating, createError, created, uploadRun, locked: creating || created !== null };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isWorthRetrying } from '@/api/api-error';
import { confirmAntiAiOrder, createAntiAiOrder, createEmbedOrder, refreshUploadUrlsDated } from '@/api/orders';
import type { AntiAiOrderBody, EmbedOrderBody } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';
import { sentOrders } from '@/lib/sent-orders';
import { newBatchRecord, planBatch } from '../lib/batch';
import { relativePathOf } from '../lib/folder-drop';
import { uploadBatches, type BatchRecord } from '../lib/batch-store';
import { makeSubmissionKeys, withSameKey } from '../lib/idempotent-submission';
import { pairUploads, sentOrderOf, type CheckedFile, type PairedUpload } from '../lib/submission';
import { uploadManifests } from '../lib/upload-manifest';
import { storageTransport, UploadEngine, type IssuedUpload, type RefreshAnswer } from '../upload-engine';

export type BatchPhase = 'idle' | 'creating' | 'uploading' | 'finished' | 'failed';
export type ConfirmState = 'waiting' | 'confirming' | 'confirmed' | 'failed';

/** One order of the running batch as the progress panel shows it. */
export interface BatchOrderView {
  name: string;
  fileCount: number;
  orderId?: string;
  /** The keys of its files in the shared queue, once created. */
  fileKeys: string[];
  confirm: ConfirmState;
}

export type BatchInput = {
  name: string;
  files: CheckedFile[];
  /** Runs once per order as soon as it exists, before its upload (the recipients' copies write their ledger here). */
  onOrderCreated?: (orderId: string, files: readonly CheckedFile[]) => void | Promise<void>;
} & (
  | { options: AntiAiOrderBody['options'] }
  /** Watermark embedding: each file's own texts; an embed order needs no confirm, it starts once its files are up. */
  | { embed: { watermarksOf: (file: CheckedFile) => { text: string }[] } }
);

/** Creates one order of the batch; the issued uploads come back in request order. */
async function createBatchOrder(input: BatchInput, name: string, files: readonly CheckedFile[], idempotencyKey: string) {
  if ('embed' in input) {
    const body: EmbedOrderBody = { files: files.map((c) => ({ fileName: c.file.name, watermarks: input.embed.watermarksOf(c) })) };
    const created = await createEmbedOrder({ ...body, idempotencyKey });
    return { orderId: created.orderId, issued: created.files, sent: sentOrderOf({ type: 'watermarkEmbed', body, files: [...files] }) };
  }
  const body: AntiAiOrderBody = { orderName: name, files: files.map((c) => ({ fileName: c.file.name })), options: input.options };
  const created = await createAntiAiOrder({ ...body, idempotencyKey });
  return {
    orderId: created.orderId,
    issued: created.files.flatMap((f) => ('uploadUrl' in f ? [f] : [])),
    sent: sentOrderOf({ type: 'antiAi', body, files: [...files] }),
  };
}

/**
 * Several refresh-urls calls as one for the shared queue: every order that still has files to send is
 * asked, one after the other (never a storm). The first answer's Date is kept: it was written closest to
 * when the engine sent its request, so it bounds the clock skew most tightly.
 */
export async function refreshOrders(orderIds: readonly string[], refresh: (orderId: string) => Promise<RefreshAnswer>): Promise<RefreshAnswer> {
  const files: IssuedUpload[] = [];
  let serverDate: number | null = null;
  for (const orderId of orderIds) {
    const answer = await refresh(orderId);
    files.push(...answer.files);
    serverDate ??= answer.serverDate;
  }
  return { files, serverDate };
}

/**
 * More than one order's files: creates the batch's orders one after the other (each with its own keys,
 * stored before the first is sent), then uploads every file through one engine (one queue, 4 PUTs at a
 * time across orders), and confirms each order as soon as its own files are up, so the first orders are
 * processed while the last still upload. Pressing Create again after a failure goes on where it stopped:
 * created orders are not sent again, and the others are sent with the same keys.
 */
export function useBatchSubmission() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recordRef = useRef<BatchRecord | null>(null);
  const uploadsRef = useRef(new Map<number, PairedUpload[]>());
  const busyRef = useRef(false);
  const [phase, setPhase] = useState<BatchPhase>('idle');
  const [createError, setCreateError] = useState<unknown>(null);
  const [engine, setEngine] = useState<UploadEngine | null>(null);
  const [orders, setOrders] = useState<BatchOrderView[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);

  useEffect(() => {
    if (phase !== 'creating' && phase !== 'uploading') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  const submit = useCallback(
    async (input: BatchInput) => {
      const { name, files } = input;
      if (busyRef.current) return;
      busyRef.current = true;
      const store = uploadBatches();
      const planned = planBatch(files, name);
      // The list or the name changed after a failure before any order was made: this is a new batch.
      const same = (r: BatchRecord) => r.orders.length === planned.length && r.orders.every((o, i) => o.name === planned[i]!.name && o.fileCount === planned[i]!.files.length);
      if (recordRef.current && !recordRef.current.orders.some((o) => o.orderId) && !same(recordRef.current)) recordRef.current = null;
      if (!recordRef.current) {
        const made = newBatchRecord(name, planned, Date.now());
        // Where each file sat in the chosen folder, for the batch's one ZIP of results.
        recordRef.current = {
          ...made,
          orders: made.orders.map((o, i) => {
            const paths = Object.fromEntries(planned[i]!.files.flatMap((c) => {
              const path = relativePathOf(c.file);
              return path ? [[c.file.name, path] as const] : [];
            }));
            return Object.keys(paths).length > 0 ? { ...o, paths } : o;
          }),
        };
        store.save(recordRef.current);
      }
      const record = recordRef.current;
      setBatchId(record.batchId);
      const view = (): BatchOrderView[] =>
        record.orders.map((o, i) => ({
          name: o.name,
          fileCount: o.fileCount,
          ...(o.orderId ? { orderId: o.orderId } : {}),
          fileKeys: (uploadsRef.current.get(i) ?? []).map((u) => u.fileKey),
          confirm: o.uploaded ? 'confirmed' : 'waiting',
        }));
      setOrders(view());
      setCreateError(null);
      setPhase('creating');

      for (const [i, plan] of planned.entries()) {
        const kept = record.orders[i]!;
        if (kept.orderId && uploadsRef.current.has(i)) continue;
        try {
          const created = await withSameKey(kept.keys.create, (key) => createBatchOrder(input, plan.name, plan.files, key), { isRetryable: isWorthRetrying });
          const issued = created.issued;
          const uploads = pairUploads(plan.files, issued);
          uploadsRef.current.set(i, uploads);
          record.orders[i] = { ...kept, orderId: created.orderId };
          store.updateOrder(record.batchId, i, { orderId: created.orderId });
          uploadManifests().save(
            created.orderId,
            uploads.map((u) => ({ fileName: u.fileName, fileKey: u.fileKey, size: u.body.size, sha256: u.sha256 })),
          );
          sentOrders().save(created.orderId, created.sent);
          await Promise.resolve(input.onOrderCreated?.(created.orderId, plan.files)).catch(() => {});
          setOrders(view());
        } catch (error) {
          // A 4xx made no order: like a single order's submission, the corrected form sends new keys for
          // this order and the ones after it. A network error or 5xx may have made it: the keys stay.
          if (!isWorthRetrying(error)) {
            for (let j = i; j < record.orders.length; j++) record.orders[j] = { ...record.orders[j]!, keys: makeSubmissionKeys() };
            store.save(record);
          }
          setCreateError(error);
          setPhase('failed');
          busyRef.current = false;
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          return;
        }
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });

      const items = [...uploadsRef.current.entries()].sort(([a], [b]) => a - b).flatMap(([, uploads]) => uploads);
      const orderOfKey = new Map<string, number>();
      for (const [i, uploads] of uploadsRef.current) for (const u of uploads) orderOfKey.set(u.fileKey, i);
      const confirmStates = record.orders.map((o): ConfirmState => (o.uploaded ? 'confirmed' : 'waiting'));
      const publish = () => setOrders(view().map((o, i) => ({ ...o, confirm: confirmStates[i]! })));

      const run = new UploadEngine(items, {
        transport: storageTransport,
        refreshUrls: () => {
          const open = new Set<number>();
          for (const f of run.snapshot().files) if (f.state.kind !== 'done') open.add(orderOfKey.get(f.id)!);
          return refreshOrders(
            [...open].sort((a, b) => a - b).map((i) => record.orders[i]!.orderId!),
            refreshUploadUrlsDated,
          );
        },
      });
      const confirms: Promise<void>[] = [];
      const confirmOrder = (i: number) => {
        const order = record.orders[i]!;
        confirmStates[i] = 'confirming';
        publish();
        const confirmed =
          'embed' in input
            ? Promise.resolve()
            : withSameKey(order.keys.confirm, (key) => confirmAntiAiOrder({ orderId: order.orderId!, idempotencyKey: key }), { isRetryable: isWorthRetrying });
        confirms.push(
          confirmed.then(
            () => {
              confirmStates[i] = 'confirmed';
              store.updateOrder(record.batchId, i, { uploaded: true });
              uploadManifests().forget(order.orderId!);
              publish();
            },
            () => {
              confirmStates[i] = 'failed';
              publish();
            },
          ),
        );
      };
      const unsubscribe = run.subscribe((snapshot) => {
        const doneCount = new Map<number, number>();
        for (const f of snapshot.files) if (f.state.kind === 'done') doneCount.set(orderOfKey.get(f.id)!, (doneCount.get(orderOfKey.get(f.id)!) ?? 0) + 1);
        for (const [i, uploads] of uploadsRef.current) {
          if (confirmStates[i] === 'waiting' && uploads.length > 0 && doneCount.get(i) === uploads.length) confirmOrder(i);
        }
      });
      setEngine(run);
      setPhase('uploading');
      await run.start();
      unsubscribe();
      // A last look: the final snapshot may have been sent before the subscription saw it.
      const finalDone = new Set(run.snapshot().files.filter((f) => f.state.kind === 'done').map((f) => f.id));
      for (const [i, uploads] of uploadsRef.current) {
        if (confirmStates[i] === 'waiting' && uploads.every((u) => finalDone.has(u.fileKey))) confirmOrder(i);
      }
      await Promise.all(confirms);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      const allConfirmed = confirmStates.every((s) => s === 'confirmed');
      setPhase(allConfirmed ? 'finished' : 'failed');
      busyRef.current = false;
      if (allConfirmed) navigate(`/orders/batches/${encodeURIComponent(record.batchId)}`);
    },
    [navigate, queryClient],
  );

  return { submit, phase, createError, engine, orders, batchId, locked: phase !== 'idle' && !(phase === 'failed' && engine === null) };
}

export type BatchSubmission = ReturnType<typeof useBatchSubmission>;

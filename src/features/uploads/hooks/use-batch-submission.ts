import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/lib/query-keys';
import { newBatchRecord, planBatch, plannedSubmission, type BatchKind } from '../lib/batch/batch';
import { uploadBatches, type BatchRecord } from '../lib/batch/batch-store';
import { runOrderQueue, type ConfirmState } from '../lib/batch/order-queue';
import { relativePathOf } from '../lib/files/folder-drop';
import { createOrder, keysAfterFailure, orderUploaded, rememberOrder, type CreatedOrder } from '../lib/submission/submit-steps';
import type { CheckedFile } from '../lib/submission/submission';
import { storageTransport, type UploadEngine } from '../lib/upload-engine';

export type BatchPhase = 'idle' | 'creating' | 'uploading' | 'finished' | 'failed';

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
} & BatchKind;

/**
 * More than one order's files: each planned order of the batch is a submission of its own (`plannedSubmission`) and
 * goes through the same steps as a single order's (`lib/submission/submit-steps.ts`: create with its create key,
 * remember, confirm with its confirm key, the keys after a failure). What is the batch's own: the plan, the record
 * of every order's keys (stored before the first is sent), the orders created one after the other, then every file
 * through one engine (one queue, 4 PUTs at a time across orders, `runOrderQueue`), each order confirmed as soon as
 * its own files are up, so the first orders are processed while the last still upload. Pressing Create again after a
 * failure goes on where it stopped: created orders are not sent again, and the others are sent with the keys the
 * submission's rule left them.
 */
export function useBatchSubmission() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recordRef = useRef<BatchRecord | null>(null);
  const createdRef = useRef(new Map<number, CreatedOrder>());
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
          type: 'embed' in input ? 'watermarkEmbed' : 'antiAi',
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
      const view = (confirm: (i: number) => ConfirmState = (i) => (record.orders[i]!.uploaded ? 'confirmed' : 'waiting')): BatchOrderView[] =>
        record.orders.map((o, i) => ({
          name: o.name,
          fileCount: o.fileCount,
          ...(o.orderId ? { orderId: o.orderId } : {}),
          fileKeys: (createdRef.current.get(i)?.uploads ?? []).map((u) => u.fileKey),
          confirm: confirm(i),
        }));
      setOrders(view());
      setCreateError(null);
      setPhase('creating');

      for (const [i, plan] of planned.entries()) {
        const kept = record.orders[i]!;
        if (kept.orderId && createdRef.current.has(i)) continue;
        const submission = plannedSubmission(input, plan);
        try {
          const order = await createOrder(submission, kept.keys);
          createdRef.current.set(i, order);
          record.orders[i] = { ...kept, orderId: order.orderId };
          store.updateOrder(record.batchId, i, { orderId: order.orderId });
          // A batch's orders are remembered without the "before" preview a single order gets, as they always were.
          rememberOrder(order, submission, { preview: false });
          await Promise.resolve(input.onOrderCreated?.(order.orderId, plan.files)).catch(() => {});
          setOrders(view());
        } catch (error) {
          // The submission's rule for every order not made yet: after a 4xx this order and the ones after it are
          // sent with new keys (the corrected form is a new submission); after a network error or 5xx they keep theirs.
          let renewed = false;
          for (let j = i; j < record.orders.length; j++) {
            const keys = keysAfterFailure(record.orders[j]!.keys, error);
            if (keys === record.orders[j]!.keys) continue;
            record.orders[j] = { ...record.orders[j]!, keys };
            renewed = true;
          }
          if (renewed) store.save(record);
          setCreateError(error);
          setPhase('failed');
          busyRef.current = false;
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          return;
        }
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });

      const queued = [...createdRef.current.entries()].sort(([a], [b]) => a - b).filter(([i]) => !record.orders[i]!.uploaded);
      const confirmStates = record.orders.map((o): ConfirmState => (o.uploaded ? 'confirmed' : 'waiting'));
      const publish = () => setOrders(view((i) => confirmStates[i]!));
      await runOrderQueue(
        queued.map(([i, order]) => ({
          orderId: order.orderId,
          items: order.uploads,
          missingBeyond: order.issued - order.uploads.length,
          ...(order.needsConfirm ? { confirmKey: record.orders[i]!.keys.confirm } : {}),
        })),
        {
          transport: storageTransport,
          onEngine: (run) => {
            setEngine(run);
            setPhase('uploading');
          },
          onConfirm: (q, state) => {
            const [i, order] = queued[q]!;
            confirmStates[i] = state;
            if (state === 'confirmed') {
              store.updateOrder(record.batchId, i, { uploaded: true });
              orderUploaded(order.orderId);
            }
            publish();
          },
        },
      );
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

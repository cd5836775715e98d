import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/lib/query-keys';
import { makeSubmissionKeys, type SubmissionKeys } from '../lib/submission/idempotent-submission';
import { createOrder, keysAfterFailure, orderUploaded, rememberOrder, type CreatedOrder } from '../lib/submission/submit-steps';
import type { Submission } from '../lib/submission/submission';
import { useUploadRun } from './use-upload-run';

/**
 * One order from a new-order form: create → pair each file with its upload → upload → confirm → go to the
 * order, through the submission's steps (`lib/submission/submit-steps.ts`, which a batch's orders go through
 * too). The keys are made once when the user submits and reused by every retry of that submission (also
 * pressing Create order again after a network or 5xx failure, since the order may exist already); a 4xx
 * answer ends the submission, so the corrected form is a new one with new keys.
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
        order = await createOrder(submission, keys);
      } catch (error) {
        keysRef.current = keysAfterFailure(keys, error);
        setCreateError(error);
        setCreating(false);
        busyRef.current = false;
        return;
      }
      setCreating(false);
      setCreated(order);
      rememberOrder(order, submission, { preview: true });
      await Promise.resolve(options.onCreated?.(order.orderId)).catch(() => {});
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
        orderUploaded(order.orderId);
        navigate(`/orders/${encodeURIComponent(order.orderId)}`);
      }
    },
    [navigate, queryClient, uploadRun],
  );

  return { submit, creating, createError, created, uploadRun, locked: creating || created !== null };
}

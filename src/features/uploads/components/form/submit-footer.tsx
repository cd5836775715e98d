import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { Button } from '@/components/ui/form/button';
import type { BatchSubmission } from '../../hooks/use-batch-submission';
import type { useOrderSubmission } from '../../hooks/use-order-submission';
import { SubmissionPanel } from './submission-panel';

// Only a batch (more than 100 images) shows it: the three new-order pages load it once the list becomes one, not
// with the page (it kept the anti-AI page over its 250 kB budget).
const loadBatchProgress = () => import('../batch/batch-progress');
const BatchProgress = lazy(() => loadBatchProgress().then((module) => ({ default: module.BatchProgress })));

/** Why Create order cannot be pressed now, in words shown beside it; null when it can. Called while rendering. */
export function disabledReason({
  nothingToSend,
  emptyReason,
  checking,
  locked,
}: {
  nothingToSend: boolean;
  emptyReason: string;
  checking: number;
  locked: boolean;
}): string | null {
  // Once submitted, the panel below says what is happening; the button needs no reason of its own.
  if (locked) return null;
  if (nothingToSend) return emptyReason;
  if (checking > 0) return i18n._(msg`${plural(checking, { one: 'Checking # file…', other: 'Checking # files…' })}`);
  return null;
}

/** The end of every new-order form: what is still wrong, the submit button, then what the submission is doing. */
export function SubmitFooter({
  errors,
  submission,
  nothingToSend,
  emptyReason,
  checking = 0,
  batch,
}: {
  errors: string[];
  submission: ReturnType<typeof useOrderSubmission>;
  nothingToSend: boolean;
  /** What to add before an order can be made, e.g. "Add at least one image". */
  emptyReason: string;
  /** Files whose decode-and-hash check is still running: the order waits for them, and says so. */
  checking?: number;
  /** More files than one order takes: the button creates `orders` orders and the batch's progress replaces the order's. */
  batch?: { orders: number; submission: BatchSubmission };
}) {
  const { t } = useLingui();
  const isBatch = batch !== undefined;
  useEffect(() => {
    if (isBatch) void loadBatchProgress();
  }, [isBatch]);
  const locked = submission.locked || (batch?.submission.locked ?? false);
  const reason = disabledReason({ nothingToSend, emptyReason, checking, locked });
  const creating = submission.creating || batch?.submission.phase === 'creating';
  const count = batch?.orders ?? 1;
  const label = batch
    ? creating
      ? t`${plural(count, { one: 'Creating # order…', other: 'Creating # orders…' })}`
      : t`${plural(count, { one: 'Create # order', other: 'Create # orders' })}`
    : creating
      ? t`Creating order…`
      : t`Create order`;
  return (
    <>
      {errors.length > 0 && (
        <ul role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div>
        <Button type="submit" loading={creating} disabled={locked || reason !== null} disabledReason={reason ?? ''}>
          {label}
        </Button>
      </div>
      {batch && batch.submission.phase !== 'idle' ? (
        <Suspense fallback={null}>
          <BatchProgress batch={batch.submission} />
        </Suspense>
      ) : (
        <SubmissionPanel submission={submission} />
      )}
    </>
  );
}

import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import type { useOrderSubmission } from '../hooks/use-order-submission';
import { SubmissionPanel } from './submission-panel';

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
}: {
  errors: string[];
  submission: ReturnType<typeof useOrderSubmission>;
  nothingToSend: boolean;
  /** What to add before an order can be made, e.g. "Add at least one image". */
  emptyReason: string;
  /** Files whose decode-and-hash check is still running: the order waits for them, and says so. */
  checking?: number;
}) {
  const { t } = useLingui();
  const reason = disabledReason({ nothingToSend, emptyReason, checking, locked: submission.locked });
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
        <Button type="submit" loading={submission.creating} disabled={submission.locked || reason !== null} disabledReason={reason ?? ''}>
          {submission.creating ? t`Creating order…` : t`Create order`}
        </Button>
      </div>
      <SubmissionPanel submission={submission} />
    </>
  );
}

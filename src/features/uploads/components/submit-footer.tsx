import { Button } from '@/components/ui/button';
import type { useOrderSubmission } from '../hooks/use-order-submission';
import { SubmissionPanel } from './submission-panel';

/** The end of every new-order form: what is still wrong, the submit button, then what the submission is doing. */
export function SubmitFooter({
  errors,
  submission,
  nothingToSend,
  checking = 0,
}: {
  errors: string[];
  submission: ReturnType<typeof useOrderSubmission>;
  nothingToSend: boolean;
  /** Files whose decode-and-hash check is still running: the order waits for them, and says so. */
  checking?: number;
}) {
  const waiting = checking > 0 && !submission.locked;
  return (
    <>
      {errors.length > 0 && (
        <ul role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={submission.locked || nothingToSend || waiting} aria-describedby="submit-wait-reason">
          {submission.creating ? 'Creating order…' : 'Create order'}
        </Button>
        <p id="submit-wait-reason" role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {waiting && `Checking ${checking} file(s) before the order can be created…`}
        </p>
      </div>
      <SubmissionPanel submission={submission} />
    </>
  );
}

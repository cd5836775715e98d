import { Button } from '@/components/ui/button';
import type { useOrderSubmission } from '../hooks/use-order-submission';
import { SubmissionPanel } from './submission-panel';

/** The end of every new-order form: what is still wrong, the submit button, then what the submission is doing. */
export function SubmitFooter({
  errors,
  submission,
  nothingToSend,
}: {
  errors: string[];
  submission: ReturnType<typeof useOrderSubmission>;
  nothingToSend: boolean;
}) {
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
        <Button type="submit" disabled={submission.locked || nothingToSend}>
          {submission.creating ? 'Creating order…' : 'Create order'}
        </Button>
      </div>
      <SubmissionPanel submission={submission} />
    </>
  );
}

import { Link } from 'react-router-dom';
import { Time } from '@/components/ui/time';
import { formatNumber } from '@/lib/format';
import type { FailureGroup } from '../lib/group-failures';
import { pluralWord } from '@/lib/plural';

export interface FailureSummaryProps {
  groups: FailureGroup[];
  /** How many events the groups were computed over, and how they were chosen. */
  scope: string;
  /** Failed events whose attempts were not read (over the cap): judged from the service's fields. */
  skipped: number;
  /** Attempts are still loading for some failures. */
  checking: boolean;
}

/** "Why deliveries fail": the failures of the loaded events grouped by cause, each with its fix. */
export function FailureSummary({ groups, scope, skipped, checking }: FailureSummaryProps) {
  const total = groups.reduce((sum, g) => sum + g.count, 0);
  return (
    <section aria-labelledby="why-fail-heading" className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950">
      <h3 id="why-fail-heading" className="font-semibold">
        <span aria-hidden="true">✕ </span>Why deliveries fail
      </h3>
      <p className="text-xs">
        {formatNumber(total)} failed or retrying {pluralWord(total, 'delivery', 'deliveries')} {scope}
        {checking ? ' · checking attempts…' : ''}
        {skipped > 0 ? ` · the ${formatNumber(skipped)} oldest ${pluralWord(skipped, 'is', 'are')} judged from status and timing only` : ''}.
      </p>
      <ul className="flex flex-col gap-2">
        {groups.map((group) => (
          <li key={group.cause} data-testid="failure-group" className="rounded border border-red-200 bg-white p-2 dark:border-red-900 dark:bg-zinc-900">
            <p>
              <strong>{group.label}</strong> since{' '}
              <Time value={group.since} display="absolute" />
              {' — '}
              {group.title}
            </p>
            <p className="mt-1">
              <span className="font-medium">Fix: </span>
              {group.fix}
            </p>
            {group.link && (
              <Link to={group.link.to} className="mt-1 inline-block text-indigo-700 underline dark:text-indigo-300">
                Debug the signature of the latest rejected delivery
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

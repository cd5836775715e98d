import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Time } from '@/components/ui/data/time';
import { formatNumber } from '@/lib/format';
import type { FailureGroup } from '../../lib/group-failures';

export interface FailureSummaryProps {
  groups: FailureGroup[];
  /** How many of the most recent events the groups were computed over. */
  considered: number;
  /** Failed events whose attempts were not read (over the cap): judged from the service's fields. */
  skipped: number;
  /** Attempts are still loading for some failures. */
  checking: boolean;
}

/** "Why deliveries fail": the failures of the loaded events grouped by cause, each with its fix. */
export function FailureSummary({ groups, considered, skipped, checking }: FailureSummaryProps) {
  const { t } = useLingui();
  const total = groups.reduce((sum, g) => sum + g.count, 0);
  const oldest = formatNumber(skipped);
  // One whole sentence per combination of the optional parts, so no language has to join fragments.
  const summary =
    skipped > 0
      ? checking
        ? t`${plural(total, { one: '# failed or retrying delivery', other: '# failed or retrying deliveries' })} in ${plural(considered, { one: 'the last event', other: 'the last # events' })} · checking attempts… · the ${oldest} oldest ${plural(skipped, { one: 'is', other: 'are' })} judged from status and timing only.`
        : t`${plural(total, { one: '# failed or retrying delivery', other: '# failed or retrying deliveries' })} in ${plural(considered, { one: 'the last event', other: 'the last # events' })} · the ${oldest} oldest ${plural(skipped, { one: 'is', other: 'are' })} judged from status and timing only.`
      : checking
        ? t`${plural(total, { one: '# failed or retrying delivery', other: '# failed or retrying deliveries' })} in ${plural(considered, { one: 'the last event', other: 'the last # events' })} · checking attempts….`
        : t`${plural(total, { one: '# failed or retrying delivery', other: '# failed or retrying deliveries' })} in ${plural(considered, { one: 'the last event', other: 'the last # events' })}.`;
  return (
    <section aria-labelledby="why-fail-heading" className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950">
      <h3 id="why-fail-heading" className="font-semibold">
        <span aria-hidden="true">✕ </span>
        <Trans>Why deliveries fail</Trans>
      </h3>
      <p className="text-xs">{summary}</p>
      <ul className="flex flex-col gap-2">
        {groups.map((group) => {
          const { label, title, fix } = group;
          return (
            <li key={group.cause} data-testid="failure-group" className="rounded border border-red-200 bg-white p-2 dark:border-red-900 dark:bg-zinc-900">
              <p>
                <Trans>
                  <strong>{label}</strong> since <Time value={group.since} display="absolute" /> — {title}
                </Trans>
              </p>
              <p className="mt-1">
                <Trans>
                  <span className="font-medium">Fix:</span> {fix}
                </Trans>
              </p>
              {group.link && (
                <Link to={group.link.to} className="mt-1 inline-block text-indigo-700 underline dark:text-indigo-300">
                  <Trans>Debug the signature of the latest rejected delivery</Trans>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

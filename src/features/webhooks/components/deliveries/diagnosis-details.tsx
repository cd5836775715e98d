import { Trans, useLingui } from '@lingui/react/macro';
import type { Diagnosis } from '../../lib/diagnose';

/** One delivery's diagnosis in full: cause, fix and what it rests on. */
export function DiagnosisDetails({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t } = useLingui();
  const { fix } = diagnosis;
  return (
    <div role="group" aria-label={t`Diagnosis`} className="flex flex-col gap-1 rounded border border-red-300 bg-red-50 p-2 dark:border-red-800 dark:bg-red-950">
      <p className="font-medium">
        <span aria-hidden="true">✕ </span>
        {diagnosis.title}
      </p>
      <p>
        <Trans>
          <span className="font-medium">Fix:</span> {fix}
        </Trans>
      </p>
      <ul className="list-disc pl-5 text-xs">
        {diagnosis.evidence.map((line) => <li key={line}>{line}</li>)}
        {!diagnosis.certain && (
          <li>
            <Trans>This is inferred, not reported: the service does not say why a delivery failed.</Trans>
          </li>
        )}
      </ul>
    </div>
  );
}

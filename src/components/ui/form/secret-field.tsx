import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';

/** A secret shown masked until the user asks; copy works without revealing it. */
export function SecretField({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  const labelId = useId();
  const [revealed, setRevealed] = useState(false);
  const masked = value.slice(0, Math.min(6, Math.floor(value.length / 4))) + '•'.repeat(12);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium" id={labelId}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={labelId} className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all dark:bg-zinc-800">
          {revealed ? value : masked}
        </code>
        <Button size="sm" variant="secondary" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed} aria-label={revealed ? t`Hide ${label}` : t`Reveal ${label}`}>
          {revealed ? t`Hide` : t`Reveal`}
        </Button>
        <CopyButton text={value} what={label} />
      </div>
    </div>
  );
}

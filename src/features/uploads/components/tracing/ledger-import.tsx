import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { InlineStatus, useInlineStatus } from '@/components/ui/feedback/inline-status';
import { formatNumber } from '@/lib/format';
import { FileButton } from './file-button';

/** "Import a ledger": a CSV or JSON file exported from the ledger, on this computer or another one. */
export function LedgerImport({ onImport }: { onImport: (file: File) => Promise<{ added: number; skipped: number }> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const status = useInlineStatus(8000);

  const pick = async (file: File) => {
    setBusy(true);
    try {
      const result = await onImport(file);
      const added = formatNumber(result.added);
      const skipped = formatNumber(result.skipped);
      status.show({ tone: 'success', text: t`Ledger imported: ${added} added, ${skipped} already there.` });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      status.show({ tone: 'error', text: t`The ledger could not be imported: ${reason}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <FileButton accept=".csv,.json,text/csv,application/json" inputProps={{ 'aria-label': t`Ledger file (CSV or JSON)` }} loading={busy} onFile={(file) => void pick(file)}>
        <Trans>Import a ledger (CSV or JSON)</Trans>
      </FileButton>
      <InlineStatus message={status.message} className="min-w-0 break-words" />
    </div>
  );
}

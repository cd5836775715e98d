import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InlineStatus, useInlineStatus } from '@/components/ui/inline-status';

/** "Import a ledger": a CSV or JSON file exported from the ledger, on this computer or another one. */
export function LedgerImport({ onImport }: { onImport: (file: File) => Promise<{ added: number; skipped: number }> }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const status = useInlineStatus(8000);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const { added, skipped } = await onImport(file);
      status.show({ tone: 'success', text: t`Ledger imported: ${added} added, ${skipped} already there.` });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      status.show({ tone: 'error', text: t`The ledger could not be imported: ${reason}` });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-label={t`Ledger file (CSV or JSON)`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="size-4" />
        <Trans>Import a ledger (CSV or JSON)</Trans>
      </Button>
      <InlineStatus message={status.message} />
    </div>
  );
}

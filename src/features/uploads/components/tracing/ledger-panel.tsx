import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Time } from '@/components/ui/time';
import { downloadFile } from '@/lib/csv';
import { formatNumber } from '@/lib/format';
import { useLedger } from '../../hooks/use-ledger';
import { ledgerToCsv, ledgerToJson, type LedgerEntry } from '../../lib/tracing/ledger';
import { RecipientZip } from './recipient-zip';

/** "imprint-ledger-2026-11-27": the export's name, with the local day it was made. */
function exportName(ext: string): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `imprint-ledger-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${ext}`;
}

/**
 * The ledger of this browser for the account: how many copies it records, export and import, and the copies of each
 * order it was written for, with their ZIP (a folder per recipient).
 */
export function LedgerPanel({ account }: { account: string }) {
  const { t } = useLingui();
  const fileId = useId();
  const { entries, error, importFile } = useLedger(account);
  const [imported, setImported] = useState<{ added: number; skipped: number } | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const orders = useMemo(() => {
    const byOrder = new Map<string, LedgerEntry[]>();
    for (const entry of entries ?? []) byOrder.set(entry.orderId, [...(byOrder.get(entry.orderId) ?? []), entry]);
    return [...byOrder.entries()].sort(([, a], [, b]) => b[0]!.createdAt.localeCompare(a[0]!.createdAt));
  }, [entries]);

  const count = entries?.length ?? 0;
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    setImported(null);
    setImportError(null);
    try {
      setImported(await importFile(file));
    } catch (e) {
      setImportError(e);
    }
  };

  return (
    <Card title={t`Ledger of copies`} description={t`Kept in this browser: which recipient got which copy and text. Export it to keep it safe or to use it on another computer.`}>
      <div className="flex flex-col gap-4" data-testid="ledger-panel">
        <p className="text-sm font-medium" data-testid="ledger-count">
          {entries === null ? t`Reading the ledger…` : t`${plural(count, { one: 'The ledger records # copy.', other: 'The ledger records # copies.' })}`}
        </p>
        {error !== null && <ErrorAlert error={error} title={t`The ledger could not be read`} />}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={count === 0} disabledReason={t`No copy yet`} onClick={() => downloadFile(exportName('csv'), ledgerToCsv(entries ?? []), 'text/csv;charset=utf-8')}>
            <Trans>Export CSV</Trans>
          </Button>
          <Button variant="secondary" disabled={count === 0} disabledReason={t`No copy yet`} onClick={() => downloadFile(exportName('json'), ledgerToJson(entries ?? []), 'application/json')}>
            <Trans>Export JSON</Trans>
          </Button>
        </div>
        <Field id={fileId} label={t`Import a ledger (CSV or JSON)`} hint={t`Copies already in the ledger are skipped.`}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              className="text-sm"
              onChange={(event) => {
                void onImport(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          )}
        </Field>
        {imported && (
          <Notice tone="success">
            {(() => {
              const added = formatNumber(imported.added);
              const skipped = formatNumber(imported.skipped);
              return t`Imported: ${added} added, ${skipped} skipped (already in the ledger).`;
            })()}
          </Notice>
        )}
        {importError !== null && <ErrorAlert error={importError} title={t`The file could not be imported`} />}
        <Notice tone="info">
          <Trans>
            A copy is traced by the watermark in it. A recipient who strips, destroys or paints over the watermark, or only retypes or redraws
            the picture, cannot be traced from that copy.
          </Trans>
        </Notice>
        {orders.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label={t`Orders with copies`}>
            {orders.slice(0, 10).map(([orderId, copies]) => {
              const recipients = new Set(copies.map((c) => c.recipient)).size;
              const copyCount = copies.length;
              return (
                <li key={orderId} className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
                  <p className="text-sm">
                    <span className="font-mono text-xs">{orderId}</span> · <Time value={copies[0]!.createdAt} /> ·{' '}
                    {t`${plural(copyCount, { one: '# copy', other: '# copies' })} for ${plural(recipients, { one: '# recipient', other: '# recipients' })}`}
                  </p>
                  <RecipientZip account={account} orderId={orderId} copies={copies} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}

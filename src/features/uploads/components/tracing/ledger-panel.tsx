import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/form/button';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Time } from '@/components/ui/data/time';
import { downloadFile } from '@/lib/csv';
import { useLedger } from '../../hooks/use-ledger';
import { ledgerToCsv, ledgerToJson, sendsOf } from '../../lib/tracing/ledger';
import { LedgerImport } from './ledger-import';
import { OrderLink } from './order-link';
import { RecipientZip } from './recipient-zip';

/** The latest sends listed with their ZIP; older ones are in the export. */
const SENDS_SHOWN = 10;

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
  const { entries, error, importFile } = useLedger(account);
  const sends = useMemo(() => sendsOf(entries ?? []), [entries]);

  const count = entries?.length ?? 0;
  const older = sends.length - SENDS_SHOWN;
  let countText: string;
  if (entries === null) countText = t`Reading the ledger…`;
  else if (count === 0) countText = t`No copies yet: each order of copies for recipients adds its copies here, and then the ledger can be exported.`;
  else countText = t`${plural(count, { one: 'The ledger records # copy.', other: 'The ledger records # copies.' })}`;

  return (
    <Card title={t`Ledger of copies`} description={t`Kept in this browser: which recipient got which copy and text. Export it to keep it safe or to use it on another computer.`}>
      <div className="flex flex-col gap-4" data-testid="ledger-panel">
        <p className={count > 0 ? 'text-sm font-medium' : 'text-sm'} data-testid="ledger-count">
          {countText}
        </p>
        {error !== null && <ErrorAlert error={error} title={t`The ledger could not be read`} />}
        {count > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => downloadFile(exportName('csv'), ledgerToCsv(entries ?? []), 'text/csv;charset=utf-8')}>
              <Download aria-hidden="true" className="size-4" />
              <Trans>Export CSV</Trans>
            </Button>
            <Button variant="secondary" onClick={() => downloadFile(exportName('json'), ledgerToJson(entries ?? []), 'application/json')}>
              <Download aria-hidden="true" className="size-4" />
              <Trans>Export JSON</Trans>
            </Button>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <LedgerImport onImport={importFile} />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            <Trans>A ledger exported here or on another computer; copies already in this one are skipped.</Trans>
          </p>
        </div>
        <Notice tone="info">
          <Trans>
            A copy is traced by the watermark in it. A recipient who strips, destroys or paints over the watermark, or only retypes or redraws
            the picture, cannot be traced from that copy.
          </Trans>
        </Notice>
        {sends.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label={t`Orders with copies`}>
            {sends.slice(0, SENDS_SHOWN).map(({ sendId, orderIds, copies }) => {
              const recipients = new Set(copies.map((c) => c.recipient)).size;
              const copyCount = copies.length;
              return (
                <li key={sendId} className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    {orderIds.map((orderId) => (
                      <span key={orderId} className="min-w-0 text-xs">
                        <OrderLink orderId={orderId} />
                      </span>
                    ))}
                    <span>
                      <Time value={copies[0]!.createdAt} /> ·{' '}
                      {t`${plural(copyCount, { one: '# copy', other: '# copies' })} for ${plural(recipients, { one: '# recipient', other: '# recipients' })}`}
                    </span>
                  </p>
                  <RecipientZip account={account} sendId={sendId} orderIds={orderIds} copies={copies} />
                </li>
              );
            })}
          </ul>
        )}
        {older > 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t`${plural(older, { one: '# older order is not listed here; the export holds all its copies.', other: '# older orders are not listed here; the export holds all their copies.' })}`}
          </p>
        )}
      </div>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Download } from 'lucide-react';
import { createExtractOrder, getOrder } from '@/api/orders';
import { Button } from '@/components/ui/form/button';
import { Card } from '@/components/ui/layout/card';
import { StatusPill } from '@/components/ui/feedback/badge';
import { Table, type Column } from '@/components/ui/data/table';
import { downloadFile, toCsv } from '@/lib/csv';
import { useLedger } from '../../hooks/use-ledger';
import { evidenceStore, factsOf } from '../../lib/tracing/evidence-store';
import { lookUpOwner, recipientOf } from '../../lib/tracing/owner-lookup';
import { traceFiles, type TraceDeps, type TraceItem, type TraceRow } from '../../lib/tracing/trace-run';
import { storageTransport } from '../../lib/upload-engine';
import { LedgerImport } from './ledger-import';
import { evidenceHref } from './owner-panel';
import { TracingNote } from './tracing-note';
import { sleep } from '@/lib/sleep';

// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind class names, not words
const link = 'text-indigo-700 underline dark:text-indigo-300';

const browserDeps: TraceDeps = {
  createExtract: createExtractOrder,
  put: (url, body, contentType, signal) => storageTransport.put({ url, body, contentType, signal, onProgress: () => {} }),
  getOrder: (orderId) => getOrder(orderId),
  sleep,
};

export interface FolderTraceItem extends TraceItem {
  preview?: Blob;
}

interface Row {
  index: number;
  item: FolderTraceItem;
  trace: TraceRow;
}

/**
 * A folder of found copies: one extract order per file (a service extract order has one file and one text), a few at
 * a time, and a table of file → recipient or "no watermark" as the answers come (docs/decisions/leak-tracing.md).
 */
export function FolderTrace({ items, account }: { items: readonly FolderTraceItem[]; account: string }) {
  const { t } = useLingui();
  const ledger = useLedger(account);
  const [traces, setTraces] = useState<TraceRow[]>(() => items.map(() => ({ state: 'waiting' })));

  useEffect(() => {
    const abort = new AbortController();
    const store = evidenceStore();
    void traceFiles(items, browserDeps, {
      signal: abort.signal,
      onRow: (index, row) => {
        if (!abort.signal.aborted) setTraces((all) => all.map((r, i) => (i === index ? row : r)));
      },
      onCreated: async (index, orderId) => {
        const item = items[index]!;
        store.save(await factsOf(orderId, item.file, item.sha256, item.preview));
      },
    }).catch(() => {});
    return () => abort.abort();
  }, [items]);

  const rows: Row[] = items.map((item, index) => ({ index, item, trace: traces[index]! }));
  const recipient = (row: Row) => (row.trace.state === 'detected' && ledger.entries ? recipientOf(lookUpOwner(row.trace.text, ledger.entries)) : null);

  const stateText = (trace: TraceRow): string => {
    switch (trace.state) {
      case 'waiting':
        return t`Waiting`;
      case 'sending':
        return t`Sending`;
      case 'reading':
        return t`Reading the watermark`;
      case 'undetected':
        return t`No watermark`;
      case 'failed':
        return t`Not checked`;
      case 'detected':
        return t`Watermark found`;
    }
  };

  /** The answer as one line of text, for the CSV: the state's words, with the reason or the recipient when known. */
  const resultText = (row: Row): string => {
    const trace = row.trace;
    if (trace.state === 'failed') {
      const reason = trace.message;
      return t`Not checked: ${reason}`;
    }
    if (trace.state === 'detected') return recipient(row) ?? t`Watermark found; recipient not in the ledger`;
    return stateText(trace);
  };

  const columns: Column<Row>[] = [
    { key: 'file', header: t`File`, primary: true, cell: (row) => <span className="wrap-anywhere">{row.item.file.name}</span> },
    {
      key: 'result',
      header: t`Recipient`,
      // The state in a pill (which never wraps), the name or the reason under it as text (which does).
      cell: (row) => {
        const trace = row.trace;
        const who = recipient(row);
        const tone = trace.state === 'detected' ? (who ? 'success' : 'warning') : trace.state === 'failed' ? 'danger' : trace.state === 'undetected' ? 'neutral' : 'info';
        let detail: ReactNode = null;
        if (trace.state === 'detected') detail = who ? <strong>{who}</strong> : t`Not in this browser’s ledger`;
        else if (trace.state === 'failed') detail = trace.message;
        return (
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <StatusPill tone={tone} status={trace.state} label={stateText(trace)} />
            {detail && <span className="wrap-anywhere">{detail}</span>}
          </span>
        );
      },
    },
    {
      key: 'text',
      header: t`Watermark text`,
      cell: (row) => {
        const trace = row.trace;
        if (trace.state === 'detected') return <span className="font-mono text-xs wrap-anywhere">{trace.text}</span>;
        // Said in words, so a stacked card never shows a label with nothing after it.
        const none = trace.state === 'undetected' ? t`None` : trace.state === 'failed' ? t`Not read` : t`Not read yet`;
        return <span className="text-zinc-600 dark:text-zinc-400">{none}</span>;
      },
    },
    {
      key: 'links',
      header: t`Orders`,
      cell: (row) => {
        const trace = row.trace;
        if (!('orderId' in trace) || !trace.orderId) return null;
        const orderId = trace.orderId;
        return (
          <span className="flex flex-wrap gap-x-3 whitespace-nowrap">
            <Link to={`/orders/${encodeURIComponent(orderId)}`} className={link}>
              <Trans>Order details</Trans>
            </Link>
            {trace.state === 'detected' && (
              <Link to={evidenceHref(orderId)} className={link}>
                <Trans>Evidence report</Trans>
              </Link>
            )}
          </span>
        );
      },
    },
  ];

  const finished = traces.every((r) => r.state === 'detected' || r.state === 'undetected' || r.state === 'failed');
  const exportCsv = () => {
    const csv = toCsv(
      [t`File`, t`Recipient`, t`Watermark text`, t`Extract order id`],
      rows.map((row) => [row.item.file.name, resultText(row), row.trace.state === 'detected' ? row.trace.text : '', 'orderId' in row.trace ? row.trace.orderId : '']),
    );
    downloadFile(t`who-had-these-copies.csv`, csv, 'text/csv;charset=utf-8');
  };
  const unknown = rows.some((row) => row.trace.state === 'detected' && ledger.entries && !recipient(row));

  return (
    <Card title={t`Who had these copies?`}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          <Trans>Each file is checked by its own extract order; the table fills in as the answers come.</Trans>
        </p>
        <Table caption={t`Files and their recipients`} captionHidden columns={columns} rows={rows} rowKey={(row) => String(row.index)} />
        {unknown && (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              <Trans>Some watermarks are not in this browser’s ledger. Import the ledger where the copies were made to name their recipients.</Trans>
            </p>
            <LedgerImport onImport={ledger.importFile} />
          </div>
        )}
        <div>
          <Button variant="secondary" size="sm" disabled={!finished} disabledReason={t`Ready once every file is checked`} onClick={exportCsv}>
            <Download aria-hidden="true" className="size-4" />
            <Trans>Download the table (CSV)</Trans>
          </Button>
        </div>
        <TracingNote />
      </div>
    </Card>
  );
}

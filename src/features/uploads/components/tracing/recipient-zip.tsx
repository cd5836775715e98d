import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getOrderDownload } from '@/api/orders';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { formatBytes, formatNumber } from '@/lib/format';
import { fetchFromStorage } from '@/lib/storage-access/read-storage';
import { blobSink, buildBatchZip, ResultFetchError } from '../../lib/batch/batch-zip';
import { announceLedgerChange, openLedger, type LedgerEntry } from '../../lib/tracing/ledger';
import { recipientPathOf, sha256Hex } from '../../lib/tracing/recipient-zip';
import { saveBlob } from '@/lib/save-blob';

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; files: number; bytes: number; hashed: number } | { kind: 'error'; error: unknown };

/**
 * The results of one send (one order, or every order of a batch past 100 copies) as one ZIP with a folder per
 * recipient, re-packed in the browser from the service's ZIP; each
 * copy's SHA-256 goes into the ledger on the way (`copySha256`), so a report can later show that a found file is, or
 * is not, byte for byte the copy that was sent.
 */
export function RecipientZip({ account, sendId, orderIds, copies }: { account: string; sendId: string; orderIds: readonly string[]; copies: readonly LedgerEntry[] }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const refused = (status: number) => new Error(t`The storage refused the result (HTTP ${status}), also with a new link.`);
  const start = async () => {
    setState({ kind: 'running' });
    const fileName = `${orderIds.length === 1 ? orderIds[0]! : sendId}-recipients.zip`;
    const pathOf = recipientPathOf(copies);
    // Copy names are unique within a send (one image per recipient and name), so the name finds the entry.
    const byName = new Map(copies.map((c) => [c.copyName, c]));
    const hashes: Promise<[string, string]>[] = [];
    try {
      const fflate = await import('fflate');
      const result = await buildBatchZip([...orderIds], {
        fflate,
        linkOf: async (id) => (await getOrderDownload(id)).downloadUrl,
        fetch: (url, init) => fetchFromStorage(url, init),
        pathOf: (_, entryName) => pathOf(entryName),
        onEntry: (_, entryName, chunks) => {
          const entry = byName.get(entryName.slice(entryName.lastIndexOf('/') + 1));
          if (entry) hashes.push(sha256Hex(chunks).then((hash) => [entry.id, hash]));
        },
        sink: blobSink((blob) => saveBlob(blob, fileName)),
      });
      const ledger = openLedger(account);
      const done = await Promise.all(hashes);
      for (const [id, copySha256] of done) await ledger.update(id, { copySha256 });
      announceLedgerChange();
      if (result.failed.length > 0) throw result.failed[0]!.error;
      setState({ kind: 'done', files: result.files, bytes: result.bytes, hashed: done.length });
    } catch (error) {
      setState({
        kind: 'error',
        error: error instanceof ResultFetchError ? refused(error.status) : error,
      });
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="secondary" size="sm" loading={state.kind === 'running'} onClick={() => void start()}>
          {t`Download the copies (ZIP, a folder per recipient)`}
        </Button>
      </div>
      {state.kind === 'done' && (
        <Notice tone="success">
          {(() => {
            const files = formatNumber(state.files);
            const size = formatBytes(state.bytes);
            const hashed = state.hashed;
            return t`Saved: ${files} files, ${size}. ${plural(hashed, { one: 'The SHA-256 of # copy is now in the ledger.', other: 'The SHA-256 of # copies is now in the ledger.' })}`;
          })()}
        </Notice>
      )}
      {state.kind === 'error' && <ErrorAlert error={state.error} title={t`The copies could not be downloaded (is the order finished?)`} onRetry={() => void start()} />}
    </div>
  );
}

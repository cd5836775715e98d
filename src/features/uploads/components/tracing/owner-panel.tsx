import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { FileText } from 'lucide-react';
import { buttonClass } from '@/components/ui/form/button';
import { Card } from '@/components/ui/layout/card';
import { DetailList, DetailRow } from '@/components/ui/data/detail-list';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { Time } from '@/components/ui/data/time';
import { useLedger } from '../../hooks/use-ledger';
import type { LedgerEntry, Owner } from '../../lib/tracing/ledger';
import { lookUpOwner } from '../../lib/tracing/owner-lookup';
import { LedgerImport } from './ledger-import';
import { OrderLink } from './order-link';
import { TracingNote } from './tracing-note';

export function evidenceHref(extractOrderId: string): string {
  return `/orders/${encodeURIComponent(extractOrderId)}/evidence`;
}

/** What the ledger recorded of a copy: for whom, made by which embed order, when, from which image. */
function LedgerFacts({ entry, copies }: { entry: LedgerEntry; copies: LedgerEntry[] }) {
  const { t } = useLingui();
  const others = copies.length > 1;
  return (
    <DetailList>
      <DetailRow label={t`Recipient`}>
        <strong data-testid="owner-recipient">{entry.recipient}</strong>
        {entry.email && <span className="text-zinc-600 dark:text-zinc-400"> · {entry.email}</span>}
        {entry.note && <span className="text-zinc-600 dark:text-zinc-400"> · {entry.note}</span>}
      </DetailRow>
      <DetailRow label={t`Made by the embed order`}>
        <OrderLink orderId={entry.orderId} />
      </DetailRow>
      <DetailRow label={t`Made`}>
        <Time display="both" value={entry.createdAt} />
      </DetailRow>
      <DetailRow label={others ? t`Copies with this text` : t`Copy sent`}>
        {others ? (
          <ul className="flex flex-col">
            {copies.map((copy) => (
              <li key={copy.id} className="break-all">
                {copy.copyName}
              </li>
            ))}
          </ul>
        ) : (
          <span className="break-all">{entry.copyName}</span>
        )}
      </DetailRow>
    </DetailList>
  );
}

function OwnerAnswer({ owner }: { owner: Owner }) {
  const { t } = useLingui();
  switch (owner.kind) {
    case 'ledger': {
      const recipient = owner.entry.recipient;
      return (
        <div className="flex flex-col gap-3">
          <Notice tone="success">
            <Trans>
              This copy was made for <strong>{recipient}</strong>.
            </Trans>
          </Notice>
          <LedgerFacts entry={owner.entry} copies={owner.copies} />
        </div>
      );
    }
    case 'template': {
      const { recipient, owner: by, date } = owner;
      return (
        <div className="flex flex-col gap-3">
          <Notice tone="warning">
            <p>
              <Trans>
                The text reads as a copy made for <strong>{recipient}</strong>. This browser’s ledger has no record of it, so the embed order that made it is
                not known here: import the ledger where the copies were made.
              </Trans>
            </p>
          </Notice>
          <DetailList>
            <DetailRow label={t`Recipient`}>
              <strong data-testid="owner-recipient">{recipient}</strong>
            </DetailRow>
            {by && <DetailRow label={t`Owner named in the text`}>{by}</DetailRow>}
            {date && <DetailRow label={t`Date named in the text`}>{date}</DetailRow>}
          </DetailList>
        </div>
      );
    }
    case 'unknown':
      return (
        <Notice tone="warning">
          <Trans>
            This browser’s ledger has no entry for this text or code, and the text does not follow a readable template. Import the ledger where the copies
            were made to look it up.
          </Trans>
        </Notice>
      );
  }
}

/**
 * "Who had this copy?" for a detected extract order: its text looked up in this browser's ledger (exact text or
 * code), else read with the readable templates; a ledger can be imported right here when the answer is not complete.
 */
export function OwnerPanel({ text, extractOrderId, account }: { text: string; extractOrderId: string; account: string }) {
  const { t } = useLingui();
  const ledger = useLedger(account);
  const owner = ledger.entries ? lookUpOwner(text, ledger.entries) : null;
  return (
    <Card title={t`Who had this copy?`}>
      <div className="flex flex-col gap-4" data-testid="owner-panel">
        <p className="text-sm">
          <Trans>
            Watermark text: <q className="font-mono break-all whitespace-pre-wrap">{text}</q>
          </Trans>
        </p>
        {ledger.error ? (
          <ErrorAlert error={ledger.error} title={t`The ledger of this browser could not be read.`} />
        ) : owner ? (
          <OwnerAnswer owner={owner} />
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
        {owner && owner.kind !== 'ledger' && <LedgerImport onImport={ledger.importFile} />}
        <div>
          <Link to={evidenceHref(extractOrderId)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <FileText aria-hidden="true" className="size-4" />
            <Trans>Open the evidence report</Trans>
          </Link>
        </div>
        <TracingNote />
      </div>
    </Card>
  );
}

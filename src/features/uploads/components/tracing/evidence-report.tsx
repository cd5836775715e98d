import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Printer } from 'lucide-react';
import type { Order } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { formatBytes, formatDateTimeWithZone, formatNumber, formatUtcDateTime } from '@/lib/format';
import { useLedger } from '../../hooks/use-ledger';
import { evidenceStore } from '../../lib/tracing/evidence-store';
import type { LedgerEntry } from '../../lib/tracing/ledger';
import { lookUpOwner, originalHashOf, recipientOf } from '../../lib/tracing/owner-lookup';
import { LedgerImport } from './ledger-import';
import { OrderLink } from './order-link';

/** What the ledger recorded of one original copy: its embed order, when, its name and hash. */
function CopyFacts({ copy, named = false }: { copy: LedgerEntry; named?: boolean }) {
  const { t } = useLingui();
  const original = originalHashOf(copy);
  return (
    <>
      <Fact label={t`Embed order id`}>
        <OrderLink orderId={copy.orderId} />
      </Fact>
      <Fact label={t`Made`}>
        <BothTimes value={copy.createdAt} />
      </Fact>
      {!named && (
        <Fact label={t`Copy sent`}>
          <span className="break-all">{copy.copyName}</span>
        </Fact>
      )}
      {original && (
        <Fact label={original.of === 'copy' ? t`SHA-256 of the copy sent` : t`SHA-256 of the source image (the copy's own was not recorded)`}>
          <span className={mono}>{original.sha256}</span>
        </Fact>
      )}
    </>
  );
}

/** The reader's clock is on UTC: the local time would only repeat the UTC one. */
function readerInUtc(): boolean {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT';
}

/** One instant twice: in UTC, the same for every reader, and in the reader's own zone. */
function BothTimes({ value }: { value: string }) {
  const { i18n } = useLingui(); // re-render in a new language: the times are formatted by Intl
  const local = formatDateTimeWithZone(value);
  return (
    <span className="flex flex-col">
      <time dateTime={value} lang={i18n.locale}>
        {formatUtcDateTime(value)}
      </time>
      {!readerInUtc() && (
        <span className="text-zinc-600 dark:text-zinc-400 print:text-zinc-700">
          <Trans>local time: {local}</Trans>
        </span>
      )}
    </span>
  );
}

function CopySection({ copy }: { copy: LedgerEntry }) {
  return (
    <Section title={copy.copyName}>
      <CopyFacts copy={copy} named />
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid rounded-lg border border-zinc-200 p-4 dark:border-zinc-800 print:border-zinc-400 print:p-3">
      <h2 className="mb-2 text-base font-semibold break-words">{title}</h2>
      <dl className={facts}>{children}</dl>
    </section>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="font-medium text-zinc-600 not-first:mt-2 sm:not-first:mt-0 dark:text-zinc-400 print:text-zinc-700">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const mono = 'font-mono text-xs break-all';
// The same label column in every section (not each its own max-content), so the labels line up down the page.
// On paper a little narrower, so a SHA-256 (64 characters) keeps to one line on A4 and Letter.
const facts = 'grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr] print:grid-cols-[10rem_1fr]';
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The evidence report of one detected extract order, made to be printed or saved as PDF (the print stylesheet hides
 * the app around it; index.css). Its facts come from three places, each named: the service (the extract order), this
 * browser when the file was picked (name, size, dimensions, SHA-256, preview: lib/tracing/evidence-store.ts) and the
 * ledger (the copy's recipient, embed order and hashes).
 */
export function EvidenceReport({ order, account, ledgerAccount }: { order: Order; account: string; ledgerAccount: string }) {
  const { t } = useLingui();
  const [facts] = useState(() => evidenceStore().load(order.orderId));
  const [madeAt] = useState(() => new Date().toISOString());
  const ledger = useLedger(ledgerAccount);
  const text = order.watermarkText ?? '';
  const owner = ledger.entries ? lookUpOwner(text, ledger.entries) : null;
  const recipient = owner ? recipientOf(owner) : null;
  const entry = owner?.kind === 'ledger' ? owner.entry : null;
  const copies = owner?.kind === 'ledger' ? owner.copies : [];
  const madeAtText = formatUtcDateTime(madeAt);
  const fileName = facts?.fileName ?? '';
  const sizeText = facts ? formatBytes(facts.size) : '';
  const bytes = facts ? formatNumber(facts.size) : '';
  const width = facts?.width !== undefined ? formatNumber(facts.width) : '';
  const height = facts?.height !== undefined ? formatNumber(facts.height) : '';

  return (
    <article className="flex flex-col gap-4 print:gap-3 print:text-black" aria-labelledby="evidence-title" data-testid="evidence-report">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="evidence-title" className="text-2xl font-bold">
            <Trans>Watermark evidence report</Trans>
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400 print:text-zinc-700">
            <Trans>Made on {madeAtText} in Imprint.</Trans>
          </p>
        </div>
        <Button onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" />
          <Trans>Print / Save as PDF</Trans>
        </Button>
      </header>

      <p className="rounded-md border border-zinc-300 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-900 print:bg-white" data-testid="evidence-scope">
        <Trans>
          This report shows that the checked file carries the watermark text recorded for the recipient named below. It does not prove who published the
          file or how it got there.
        </Trans>
      </p>

      {order.status !== 'detected' && (
        <Notice tone="warning">
          <Trans>No watermark was found in this file, so there is nothing to report.</Trans>
        </Notice>
      )}

      <Section title={t`Checked file`}>
        {facts ? (
          <>
            {facts.thumbnail && (
              <Fact label={t`Preview`}>
                <img src={facts.thumbnail} alt={t`Preview of ${fileName}`} className="max-h-32 rounded border border-zinc-200 dark:border-zinc-700" />
              </Fact>
            )}
            <Fact label={t`Name`}>
              <span className="break-all">{facts.fileName}</span>
            </Fact>
            <Fact label={t`Size`}>
              <Trans>
                {sizeText} ({bytes} bytes)
              </Trans>
            </Fact>
            {facts.width !== undefined && facts.height !== undefined && (
              <Fact label={t`Dimensions`}>
                <Trans>
                  {width} × {height} pixels
                </Trans>
              </Fact>
            )}
            <Fact label={t`SHA-256`} testId="evidence-file-sha256">
              <span className={mono}>{facts.sha256}</span>
            </Fact>
            <Fact label={t`Picked for checking`}>
              <BothTimes value={facts.checkedAt} />
            </Fact>
          </>
        ) : (
          <Fact label={t`File`}>
            <Trans>
              The checked file’s name, size, dimensions and SHA-256 were not recorded in this browser: they are kept in the browser where the file was picked
              for checking.
            </Trans>
          </Fact>
        )}
      </Section>

      <Section title={t`Detected watermark`}>
        <Fact label={t`Watermark text`}>
          <span className="font-mono break-all whitespace-pre-wrap">{text}</span>
        </Fact>
        <Fact label={t`Recipient`} testId="evidence-recipient">
          {owner === null ? (
            <Skeleton className="h-4 w-32" />
          ) : recipient ? (
            <strong>{recipient}</strong>
          ) : (
            <Trans>Not known: this browser’s ledger has no entry for this text.</Trans>
          )}
        </Fact>
        {owner?.kind === 'template' && owner.owner && <Fact label={t`Owner named in the text`}>{owner.owner}</Fact>}
        {owner?.kind === 'template' && owner.date && <Fact label={t`Date named in the text`}>{owner.date}</Fact>}
        {owner?.kind === 'template' && (
          <Fact label={t`How the recipient is known`}>
            <Trans>Read from the text’s readable template; this browser’s ledger has no record of the copy.</Trans>
          </Fact>
        )}
        {entry && (
          <Fact label={t`How the recipient is known`}>
            <Trans>Recorded in this browser’s ledger when the copy was made.</Trans>
          </Fact>
        )}
      </Section>

      {owner !== null && owner.kind !== 'ledger' && order.status === 'detected' && (
        <div className="flex flex-col gap-2 print:hidden">
          <Notice tone="warning">
            <Trans>
              Without the ledger, this report cannot name the embed order that made the copy or quote the copy’s SHA-256. Import the ledger exported
              where the copies were made, then print the report.
            </Trans>
          </Notice>
          <LedgerImport onImport={ledger.importFile} />
        </div>
      )}

      <Section title={t`Extract order`}>
        <Fact label={t`Order id`}>
          <span className={mono}>{order.orderId}</span>
        </Fact>
        <Fact label={t`Created`}>
          <BothTimes value={order.createdAt} />
        </Fact>
        <Fact label={t`Result recorded`}>
          <BothTimes value={order.updatedAt} />
        </Fact>
      </Section>

      {copies.length === 1 && (
        <Section title={t`Original copy`}>
          <CopyFacts copy={copies[0]!} />
        </Section>
      )}
      {copies.length > 1 && (
        <section className="flex flex-col gap-2">
          {/* The heading and its words stay on the page of the first copy when printed. */}
          <div className="flex break-inside-avoid flex-col gap-2">
            <h2 className="text-base font-semibold">
              <Trans>Original copies with this text</Trans>
            </h2>
            <p className="text-sm">
              <Trans>
                The same text was embedded in several copies for this recipient (one per image); the watermark does not tell which of them this file was made
                from.
              </Trans>
            </p>
            <CopySection copy={copies[0]!} />
          </div>
          {copies.slice(1).map((copy) => (
            <CopySection key={copy.id} copy={copy} />
          ))}
        </section>
      )}

      <Section title={t`Account`}>
        <Fact label={t`Signed in as`}>{account}</Fact>
      </Section>
    </article>
  );
}

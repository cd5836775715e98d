import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { formatNumber } from '@/lib/format';
import { makeVisible, type BodyComparison, type FirstDifference, type VisibleChar } from '../../lib/body-diff';

/** The result of comparing the signed body with the received one: verdict, first difference, causes, full diff. */
export function BodyComparisonView({ comparison }: { comparison: BodyComparison }) {
  const { t } = useLingui();
  const { signedBytes, receivedBytes } = comparison;
  if (comparison.identical) {
    return (
      <p role="status" className="rounded-md border border-emerald-400 bg-emerald-50 p-3 text-sm dark:bg-emerald-950">
        <span aria-hidden="true">✓ </span>
        <Trans>
          <strong>Identical</strong>: the received body is the signed body, byte for byte (<Plural value={signedBytes} one="# byte" other="# bytes" />).
        </Trans>
      </p>
    );
  }
  const { first } = comparison;
  const causeCount = comparison.causes.length;
  // The diff's own markers, as placeholders: braces in a message's text would read as ICU arguments.
  const addOpen = '{+';
  const addClose = '+}';
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="rounded-md border border-red-400 bg-red-50 p-3 text-sm dark:bg-red-950">
        <p>
          <span aria-hidden="true">✕ </span>
          <Trans>
            <strong>The bodies differ</strong>: signed <Plural value={signedBytes} one="# byte" other="# bytes" />, received{' '}
            <Plural value={receivedBytes} one="# byte" other="# bytes" />.
          </Trans>
        </p>
        {first && <FirstDifferenceAt first={first} />}
      </div>

      {first && (
        <section aria-label={t`Bytes around the first difference`}>
          <h3 className="text-sm font-semibold">
            <Trans>Around the first difference</Trans>
          </h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">
              <Trans>Signed</Trans>
            </dt>
            <dd><CharRun chars={first.signedContext} testId="signed-context" /></dd>
            <dt className="font-medium">
              <Trans>Received</Trans>
            </dt>
            <dd><CharRun chars={first.receivedContext} testId="received-context" /></dd>
          </dl>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            <Trans>
              · space, → tab, ␍ carriage return, ␊ line feed, ∅ end of body; ⟦ ⟧ marks the first differing character; other characters show their
              code point and UTF-8 bytes.
            </Trans>
          </p>
        </section>
      )}

      {comparison.causes.length > 0 && (
        <section aria-label={t`Likely causes`}>
          <h3 className="text-sm font-semibold">{t`${plural(causeCount, { one: 'Likely cause', other: 'Likely causes' })}`}</h3>
          <ul className="mt-1 flex flex-col gap-2 text-sm" data-testid="diff-causes">
            {comparison.causes.map(({ kind, title, explanation, fix }) => (
              <li key={kind} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
                <p className="font-medium">{title}</p>
                <p>{explanation}</p>
                <p className="mt-1">
                  <Trans>
                    <span className="font-medium">Fix:</span> {fix}
                  </Trans>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <details>
        <summary className="cursor-pointer text-sm font-semibold">
          <Trans>Full diff</Trans>
        </summary>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          <Trans>
            <del>[-only in the signed body-]</del> <ins>{addOpen}only in the received body{addClose}</ins>; inside changes, invisible characters are shown as
            above.
          </Trans>
        </p>
        <pre data-testid="body-diff" className="mt-1 max-h-96 overflow-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-800">
          {comparison.diff.map((segment, i) =>
            segment.op === 'equal' ? (
              <Fragment key={i}>{segment.text}</Fragment>
            ) : segment.op === 'removed' ? (
              <del key={i} className="bg-red-200 text-red-950 dark:bg-red-900 dark:text-red-50">[-{makeVisible(segment.text)}-]</del>
            ) : (
              <ins key={i} className="bg-emerald-200 text-emerald-950 no-underline dark:bg-emerald-900 dark:text-emerald-50">{`{+${makeVisible(segment.text)}+}`}</ins>
            ),
          )}
        </pre>
      </details>
    </div>
  );
}

function FirstDifferenceAt({ first }: { first: FirstDifference }) {
  const offset = formatNumber(first.offset);
  const signedLine = first.signed.line;
  const signedColumn = first.signed.column;
  const receivedLine = first.received.line;
  const receivedColumn = first.received.column;
  return (
    <p className="mt-1">
      <Trans>
        First difference at byte offset {offset} (counted from 0): line {signedLine}, column {signedColumn} of the signed body; line {receivedLine}, column{' '}
        {receivedColumn} of the received body.
      </Trans>
    </p>
  );
}

function CharRun({ chars, testId }: { chars: VisibleChar[]; testId: string }) {
  return (
    <code data-testid={testId} className="font-mono break-all">
      {chars.map((c, i) => {
        const text = c.code && c.shown !== '∅' ? `${c.shown}[${c.code}]` : c.shown;
        // The line-break symbols are missing from some fonts: their short name keeps them readable.
        const content = c.name ? <>{text}<sub className="text-[0.65em]">{c.name}</sub></> : text;
        return c.differs ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-amber-950 dark:bg-amber-800 dark:text-amber-50">⟦{content}⟧</mark>
        ) : (
          <span key={i}>{content}</span>
        );
      })}
    </code>
  );
}

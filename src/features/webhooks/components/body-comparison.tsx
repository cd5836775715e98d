import { Fragment } from 'react';
import { formatNumber } from '@/lib/format';
import { makeVisible, type BodyComparison, type VisibleChar } from '../lib/body-diff';
import { formatCount, pluralWord } from '@/lib/plural';

/** The result of comparing the signed body with the received one: verdict, first difference, causes, full diff. */
export function BodyComparisonView({ comparison }: { comparison: BodyComparison }) {
  if (comparison.identical) {
    return (
      <p role="status" className="rounded-md border border-emerald-400 bg-emerald-50 p-3 text-sm dark:bg-emerald-950">
        <span aria-hidden="true">✓ </span>
        <strong>Identical</strong>: the received body is the signed body, byte for byte ({formatCount(comparison.signedBytes, 'byte', 'bytes')}).
      </p>
    );
  }
  const { first } = comparison;
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="rounded-md border border-red-400 bg-red-50 p-3 text-sm dark:bg-red-950">
        <p>
          <span aria-hidden="true">✕ </span>
          <strong>The bodies differ</strong>: signed {formatCount(comparison.signedBytes, 'byte', 'bytes')}, received {formatCount(comparison.receivedBytes, 'byte', 'bytes')}.
        </p>
        {first && (
          <p className="mt-1">
            First difference at byte offset {formatNumber(first.offset)} (counted from 0): line {first.signed.line}, column {first.signed.column} of the signed body; line{' '}
            {first.received.line}, column {first.received.column} of the received body.
          </p>
        )}
      </div>

      {first && (
        <section aria-label="Bytes around the first difference">
          <h3 className="text-sm font-semibold">Around the first difference</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">Signed</dt>
            <dd><CharRun chars={first.signedContext} testId="signed-context" /></dd>
            <dt className="font-medium">Received</dt>
            <dd><CharRun chars={first.receivedContext} testId="received-context" /></dd>
          </dl>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            · space, → tab, ␍ carriage return, ␊ line feed, ∅ end of body; ⟦ ⟧ marks the first differing character; other characters show their code
            point and UTF-8 bytes.
          </p>
        </section>
      )}

      {comparison.causes.length > 0 && (
        <section aria-label="Likely causes">
          <h3 className="text-sm font-semibold">Likely {pluralWord(comparison.causes.length, 'cause', 'causes')}</h3>
          <ul className="mt-1 flex flex-col gap-2 text-sm" data-testid="diff-causes">
            {comparison.causes.map((cause) => (
              <li key={cause.kind} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
                <p className="font-medium">{cause.title}</p>
                <p>{cause.explanation}</p>
                <p className="mt-1"><span className="font-medium">Fix: </span>{cause.fix}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <details>
        <summary className="cursor-pointer text-sm font-semibold">Full diff</summary>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          <del>[-only in the signed body-]</del> <ins>{'{+only in the received body+}'}</ins>; inside changes, invisible characters are shown as above.
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

import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/form/button';
import { Field } from '@/components/ui/form/field';
import { Textarea } from '@/components/ui/form/textarea';
import { formatNumber } from '@/lib/format';
import { FileButton } from './file-button';
import { mergeRecipients, parseRecipientLines, parseRecipientsCsv, type ParsedRecipients, type RecipientProblem } from '../../lib/tracing/recipients';

const EMPTY: ParsedRecipients = { recipients: [], problems: [] };

/**
 * The recipients: pasted one a line, and/or read from a CSV file (name, optional e-mail and note). The two lists
 * are joined, a name given twice counts once, and every line that was left out is named.
 */
export function RecipientsInput({ onChange, disabled }: { onChange: (parsed: ParsedRecipients) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const fileId = useId();
  const [text, setText] = useState('');
  const [imported, setImported] = useState<{ name: string; parsed: ParsedRecipients } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const merged = useMemo(() => mergeRecipients(parseRecipientLines(text), imported?.parsed ?? EMPTY, imported?.name), [text, imported]);
  useEffect(() => onChange(merged), [merged, onChange]);

  const onFile = async (file: File) => {
    const name = file.name;
    try {
      const parsed = parseRecipientsCsv(await file.text());
      setImported({ name: file.name, parsed });
      setFileError(parsed.recipients.length === 0 ? t`${name} holds no recipient: the first column (or one named “name”) must hold their names.` : null);
    } catch {
      setFileError(t`${name} could not be read.`);
    }
  };

  const count = merged.recipients.length;
  const fileName = imported?.name ?? '';
  const fileCount = imported?.parsed.recipients.length ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t`Recipients (one per line)`}
        hint={t`A name per line, optionally followed by a comma and an e-mail address, e.g. “Bob Lee, bob@example.com”.`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={text}
            disabled={disabled}
            placeholder={t`Alice Kim`}
            onChange={(event) => setText(event.target.value)}
            data-testid="recipients-text"
          />
        )}
      </Field>
      <Field label={t`Or import a CSV file`} hint={t`Columns: name, then optionally e-mail and note; a header row is recognised.`} id={fileId}>
        {(control) => (
          <FileButton accept=".csv,text/csv,text/plain" inputProps={control} disabled={disabled} onFile={(file) => void onFile(file)}>
            <Trans>Choose a CSV file</Trans>
          </FileButton>
        )}
      </Field>
      {imported && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t`${fileName}: ${plural(fileCount, { one: '# recipient', other: '# recipients' })}`}</span>
          <Button variant="ghost" size="sm" onClick={() => setImported(null)} disabled={disabled}>
            <Trans>Remove the file's list</Trans>
          </Button>
        </div>
      )}
      {fileError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fileError}
        </p>
      )}
      <p role="status" className="text-sm" data-testid="recipient-count">
        {t`${plural(count, { one: '# recipient', other: '# recipients' })}`}
      </p>
      {merged.problems.length > 0 && (
        <ul className="text-sm text-amber-800 dark:text-amber-300" aria-label={t`Lines left out`}>
          {merged.problems.map((problem, i) => (
            <li key={i}>
              <ProblemText problem={problem} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProblemText({ problem }: { problem: RecipientProblem }) {
  const { t } = useLingui();
  const line = formatNumber(problem.line);
  let text: string;
  switch (problem.kind) {
    case 'duplicate': {
      const name = problem.name;
      text = t`Line ${line}: ${name} is already in the list.`;
      break;
    }
    case 'no-name':
      text = t`Line ${line}: no name.`;
      break;
    case 'bad-email': {
      const email = problem.email;
      text = t`Line ${line}: “${email}” is not an e-mail address.`;
      break;
    }
  }
  const { file } = problem;
  return <>{file ? t`${file}: ${text}` : text}</>;
}

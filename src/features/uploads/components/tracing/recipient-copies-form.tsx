import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { EMBED_EXTENSIONS, FILES_PER_ORDER_MAX, WATERMARK_TEXT_MAX } from '@/api/formats';
import { MAX_FILE_BYTES } from '@/api/limits';
import { embedOrderBody } from '@/api/schemas/orders';
import { Notice } from '@/components/ui/feedback/notice';
import { RadioGroup } from '@/components/ui/form/radio-group';
import { TextField } from '@/components/ui/form/text-field';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { useBatchSubmission } from '../../hooks/use-batch-submission';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { useOrderSubmission } from '../../hooks/use-order-submission';
import { checkedFilesOf } from '../../lib/files/checked-list';
import { extensionList } from '../../lib/files/file-validation';
import type { CheckedFile } from '../../lib/submission/submission';
import { COPIES_MAX, ledgerEntriesOf, localIsoDate, planCopies, type CopyTemplate, type PlannedCopy } from '../../lib/tracing/copies';
import { announceLedgerChange, openLedger } from '../../lib/tracing/ledger';
import type { ParsedRecipients } from '../../lib/tracing/recipients';
import { DEFAULT_TEMPLATE, isUsableTemplate, PLACEHOLDERS, renderReadable } from '../../lib/tracing/templates';
import { DropZone } from '../form/drop-zone';
import { FileList, RejectionList } from '../form/file-list';
import { SubmitFooter } from '../form/submit-footer';
import { RecipientsInput } from './recipients-input';

const RULES = { extensions: EMBED_EXTENSIONS, maxFiles: COPIES_MAX };

/**
 * Copies for recipients: every image once per recipient, each copy with its own watermark text (a readable one from
 * a template, or a private code), as one embed order, or a batch of orders past 100 copies. The ledger gets one
 * entry per copy as soon as its order exists (docs/decisions/leak-tracing.md).
 */
export function RecipientCopiesForm({ account, owner: defaultOwner }: { account: string; owner: string }) {
  const { t } = useLingui();
  const picked = useCheckedFiles(RULES);
  const files = picked.files;
  const [parsed, setParsed] = useState<ParsedRecipients>({ recipients: [], problems: [] });
  const [kind, setKind] = useState<'text' | 'code'>('text');
  const [template, setTemplate] = useState(DEFAULT_TEMPLATE);
  const [owner, setOwner] = useState(defaultOwner);
  const [date, setDate] = useState(() => localIsoDate(new Date()));
  const [errors, setErrors] = useState<string[]>([]);
  const submission = useOrderSubmission();
  const batch = useBatchSubmission();
  const locked = submission.locked || batch.locked;
  const { owner: ownerPlaceholder, recipient: recipientPlaceholder, date: datePlaceholder } = PLACEHOLDERS;
  const onRecipients = useCallback((next: ParsedRecipients) => setParsed(next), []);

  const recipients = parsed.recipients;
  const copyCount = recipients.length * files.length;
  const isBatch = copyCount > FILES_PER_ORDER_MAX;
  const batchOrders = Math.ceil(copyCount / FILES_PER_ORDER_MAX);
  const copyTemplate: CopyTemplate = kind === 'code' ? { kind: 'code' } : { kind: 'text', template, owner, date };
  const example =
    kind === 'code' ? 'IMP-7F3K-Q2XD' : renderReadable(template, { owner, recipient: recipients[0]?.name ?? t`Alice Kim`, date });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors([]);
    const checked = checkedFilesOf(picked);
    if (!checked || checked.length === 0) return;
    const problems: string[] = [];
    if (recipients.length === 0) problems.push(t`Add at least one recipient.`);
    const max = formatNumber(COPIES_MAX);
    const asked = formatNumber(copyCount);
    if (copyCount > COPIES_MAX) problems.push(t`${asked} copies are too many: at most ${max} in one go.`);
    if (kind === 'text' && !isUsableTemplate(template)) {
      problems.push(t`The template must contain ${recipientPlaceholder}, or nobody can be named from a copy.`);
    }
    const maxLength = WATERMARK_TEXT_MAX;
    if (kind === 'text' && example.length > WATERMARK_TEXT_MAX) problems.push(t`A watermark text is longer than ${maxLength} characters: shorten the template or the owner.`);
    if (problems.length > 0) {
      setErrors(problems);
      return;
    }
    const ledger = openLedger(account);
    const taken = kind === 'code' ? new Set((await ledger.all()).map((entry) => entry.text)) : new Set<string>();
    const copies = planCopies(checked, recipients, copyTemplate, taken);
    const copyOf = new Map<File, PlannedCopy>(copies.map((c) => [c.file, c]));
    const asChecked: CheckedFile[] = copies.map((c) => ({ file: c.file, sha256: c.image.sha256 }));
    // The orders of one send share an id, so the recipients' ZIP of a batch holds every copy of it.
    const sendId = crypto.randomUUID();
    const write = async (orderId: string, sent: readonly CheckedFile[]) => {
      const made = sent.map((c) => copyOf.get(c.file)!);
      await ledger.add(ledgerEntriesOf(made, copyTemplate, orderId, account, new Date(), sendId));
      announceLedgerChange();
    };
    if (isBatch) {
      const today = formatDate(new Date());
      const name = t`Copies for recipients ${today}`;
      await batch.submit({
        name,
        files: asChecked,
        embed: { watermarksOf: (c) => [{ text: copyOf.get(c.file)!.text }] },
        onOrderCreated: write,
      });
      return;
    }
    const body = embedOrderBody.safeParse({ files: copies.map((c) => ({ fileName: c.copyName, watermarks: [{ text: c.text }] })) });
    if (!body.success) {
      setErrors(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
      return;
    }
    await submission.submit({ type: 'watermarkEmbed', body: body.data, files: asChecked }, { onCreated: (orderId) => write(orderId, asChecked) });
  };

  const extensions = extensionList(EMBED_EXTENSIONS);
  const maxSize = formatBytes(MAX_FILE_BYTES);
  const imageCount = files.length;
  const recipientCount = recipients.length;
  const perOrder = FILES_PER_ORDER_MAX;
  const maxCopies = formatNumber(COPIES_MAX);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-6" aria-label={t`Copies for recipients`}>
      <DropZone label={t`Images to copy for each recipient`} hint={t`${extensions} · at most ${maxSize} each`} onFiles={picked.add} disabled={locked} />
      <RejectionList rejected={picked.rejected} />
      <FileList files={files} results={picked.results} onRemove={picked.remove} />
      <RecipientsInput onChange={onRecipients} disabled={locked} />
      <RadioGroup
        legend={t`Watermark text of each copy`}
        name="copy-text-kind"
        layout="cards"
        value={kind}
        onChange={setKind}
        options={[
          {
            value: 'text',
            label: t`Readable text`,
            description: t`Names the recipient in the copy: anyone who extracts the watermark can read who it was for, without the ledger.`,
            disabled: locked,
          },
          {
            value: 'code',
            label: t`Private code`,
            description: t`A code such as IMP-7F3K-Q2XD that names no one: only this ledger (or its export) tells whose copy it is.`,
            disabled: locked,
          },
        ]}
      />
      {kind === 'text' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t`Template`}
            hint={t`${ownerPlaceholder}, ${recipientPlaceholder} and ${datePlaceholder} are filled in for each copy.`}
            value={template}
            disabled={locked}
            onChange={(e) => setTemplate(e.target.value)}
          />
          <TextField label={t`Owner`} value={owner} disabled={locked} onChange={(e) => setOwner(e.target.value)} />
          <TextField label={t`Date`} hint={t`Today by default; written into each copy exactly as typed.`} value={date} disabled={locked} onChange={(e) => setDate(e.target.value)} />
        </div>
      )}
      <p className="text-sm" data-testid="copies-summary">
        {t`${plural(recipientCount, { one: '# recipient', other: '# recipients' })} × ${plural(imageCount, { one: '# image', other: '# images' })} = ${plural(copyCount, { one: '# copy', other: '# copies' })} (at most ${maxCopies}).`}{' '}
        <span className="break-words">
          <Trans>Example text: {example}</Trans>
        </span>
      </p>
      {isBatch && (
        <Notice tone="info">{t`${plural(copyCount, { other: '# copies' })}: they will be sent as ${batchOrders} orders of at most ${perOrder} files, one after the other.`}</Notice>
      )}
      <SubmitFooter
        errors={errors}
        submission={submission}
        nothingToSend={files.length === 0 || recipients.length === 0}
        emptyReason={files.length === 0 ? t`Add at least one image` : t`Add at least one recipient`}
        checking={picked.checking}
        {...(isBatch || batch.phase !== 'idle' ? { batch: { orders: batchOrders, submission: batch } } : {})}
      />
    </form>
  );
}

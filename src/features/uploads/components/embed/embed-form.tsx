import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { EMBED_EXTENSIONS, FILES_PER_ORDER_MAX, WATERMARK_TEXT_MAX, WATERMARKS_PER_FILE_MAX } from '@/api/formats';
import { embedOrderBody } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { formatBytes } from '@/lib/format';
import { useOrderSubmission } from '../../hooks/use-order-submission';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { checkedFilesOf } from '../../lib/files/checked-list';
import { embedEntries } from '../../lib/embed-texts';
import { MAX_FILE_BYTES } from '@/api/limits';
import { extensionList } from '../../lib/files/file-validation';
import { DropZone } from '../form/drop-zone';
import { FileList, RejectionList } from '../form/file-list';
import { FileTexts } from './file-texts';
import { ServiceNamedNote } from '../form/service-named-note';
import { SubmitFooter } from '../form/submit-footer';

const RULES = { extensions: EMBED_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX };

/**
 * The texts for every file and each file's own texts are kept apart and combined only when the order
 * is created (`embedEntries`): typing the shared texts after choosing the files applies them too.
 */
export function EmbedForm() {
  const { t } = useLingui();
  const picked = useCheckedFiles(RULES);
  const files = picked.files;
  const [shared, setShared] = useState('');
  const [own, setOwn] = useState<Record<string, string>>({});
  const [fileErrors, setFileErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [requestError, setRequestError] = useState<string | null>(null);
  const submission = useOrderSubmission();

  const setOwnFor = useCallback((name: string, value: string) => {
    setOwn((current) => ({ ...current, [name]: value }));
    setFileErrors((current) => {
      if (!current.has(name)) return current;
      const next = new Map(current);
      next.delete(name);
      return next;
    });
  }, []);

  // Copies the shared texts into each file's own field, as a start for editing them per file.
  const applyToAll = () => {
    setOwn(Object.fromEntries(files.map((f) => [f.name, shared])));
    setFileErrors(new Map());
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checkedFiles = checkedFilesOf(picked);
    if (!checkedFiles || checkedFiles.length === 0) return;
    // One entry per file, in the list's order: the service issues the uploads in this order.
    const built = embedEntries(
      checkedFiles.map((c) => c.file.name),
      shared,
      own,
    );
    if (!built.ok) {
      setFileErrors(built.errors);
      setRequestError(null);
      return;
    }
    setFileErrors(new Map());
    const body = embedOrderBody.safeParse({ files: built.entries });
    if (!body.success) {
      setRequestError(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      return;
    }
    setRequestError(null);
    await submission.submit({ type: 'watermarkEmbed', body: body.data, files: checkedFiles });
  };

  const locked = submission.locked;
  // Kept while nothing it shows changes, so a check result or a removal re-renders one row, not all (FileRow's memo).
  const renderTexts = useCallback(
    (file: File) => {
      const name = file.name;
      return (
        <FileTexts
          id={`texts-${name}`}
          label={t`Watermark texts for ${name} (one per line)`}
          hint={t`Leave empty to use the texts for every file.`}
          rows={2}
          value={own[name] ?? ''}
          onChange={(value) => setOwnFor(name, value)}
          disabled={locked}
          error={fileErrors.get(name)}
        />
      );
    },
    [t, own, setOwnFor, locked, fileErrors],
  );
  const errors = [...(requestError ? [requestError] : []), ...fileErrors.values()];
  const extensions = extensionList(EMBED_EXTENSIONS);
  const maxFiles = FILES_PER_ORDER_MAX;
  const maxSize = formatBytes(MAX_FILE_BYTES);
  const maxTexts = WATERMARKS_PER_FILE_MAX;
  const maxLength = WATERMARK_TEXT_MAX;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-6">
      <DropZone
        label={t`Images to watermark`}
        hint={t`${extensions} · up to ${maxFiles} files · at most ${maxSize} each`}
        onFiles={picked.add}
        disabled={submission.locked}
      />
      <RejectionList rejected={picked.rejected} />
      <div className="flex flex-col gap-2">
        <FileTexts
          id="shared-texts"
          label={t`Watermark texts for every file (one per line, 1–${maxTexts}, each at most ${maxLength} characters)`}
          hint={t`Used for every file that has no texts of its own, also for files added later.`}
          rows={3}
          value={shared}
          onChange={setShared}
          disabled={submission.locked}
        />
        <div>
          <Button variant="secondary" onClick={applyToAll} disabled={submission.locked || files.length === 0}>
            <Trans>Apply the same texts to every file</Trans>
          </Button>
        </div>
      </div>
      <FileList
        files={files}
        results={picked.results}
        onRemove={picked.remove}
        renderExtra={renderTexts}
      />
      <ServiceNamedNote kind="watermarkEmbed" />
      <SubmitFooter
        errors={errors}
        submission={submission}
        nothingToSend={files.length === 0}
        emptyReason={t`Add at least one image`}
        checking={picked.checking}
      />
    </form>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EXTRACT_EXTENSIONS, extensionOf, ORIGINAL_EXTENSIONS } from '@/api/formats';
import { extractOrderBody } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { Checkbox } from '@/components/ui/form/checkbox';
import { formatBytes } from '@/lib/format';
import { useOrderSubmission } from '../../hooks/use-order-submission';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { checkedFilesOf } from '../../lib/files/checked-list';
import { MAX_FILE_BYTES } from '@/api/limits';
import { extensionList } from '../../lib/files/file-validation';
import { DropZone } from '../form/drop-zone';
import { FileList, RejectionList } from '../form/file-list';
import { ServiceNamedNote } from '../form/service-named-note';
import { SubmitFooter } from '../form/submit-footer';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import type { FolderTraceItem } from '../tracing/folder-trace';
import { TracingNote } from '../tracing/tracing-note';
import { evidenceStore, factsOf } from '../../lib/tracing/evidence-store';
import { contentTypeOf } from '../../lib/files/file-validation';

// Only a folder of found copies needs the table and its per-file runs: fetched then, not with the page.
const FolderTrace = lazy(async () => ({ default: (await import('../tracing/folder-trace')).FolderTrace }));

const formSchema = z.object({ includeOriginal: z.boolean() });
type FormValues = z.infer<typeof formSchema>;

/**
 * One file per extract order (the service's order has one file and one text); several files, such as a folder of
 * found copies, are checked as one order each (docs/decisions/leak-tracing.md).
 */
export const EXTRACT_FILES_MAX = 100;
const FILE_RULES = { extensions: EXTRACT_EXTENSIONS, maxFiles: EXTRACT_FILES_MAX };
const ORIGINAL_RULES = { extensions: ORIGINAL_EXTENSIONS, maxFiles: 1 };

/** `account` names this browser's ledger of the signed-in account, for "Who had this copy?". */
export function ExtractForm({ account }: { account: string }) {
  const { t } = useLingui();
  const main = useCheckedFiles(FILE_RULES);
  const orig = useCheckedFiles(ORIGINAL_RULES);
  const file = main.files;
  const original = orig.files;
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const [traceItems, setTraceItems] = useState<FolderTraceItem[] | null>(null);
  const submission = useOrderSubmission();
  const { register, handleSubmit, watch } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { includeOriginal: false },
  });
  const includeOriginal = watch('includeOriginal');
  const isPdf = file[0] ? extensionOf(file[0].name) === 'pdf' : false;

  const several = file.length > 1;
  const withOriginalNow = includeOriginal && !isPdf && !several;
  const checking = main.checking + (withOriginalNow ? orig.checking : 0);

  const onSubmit = handleSubmit(async (values) => {
    if (several) {
      const checked = checkedFilesOf(main);
      if (!checked) return;
      setRequestErrors([]);
      setTraceItems(
        checked.map(({ file: f, sha256 }) => {
          const result = main.results.get(f);
          const preview = result?.ok ? result.preview : undefined;
          return { file: f, sha256, contentType: contentTypeOf(f), key: crypto.randomUUID(), ...(preview ? { preview } : {}) };
        }),
      );
      return;
    }
    const withOriginal = values.includeOriginal && !isPdf;
    const mainFile = checkedFilesOf(main)?.[0];
    const originals = withOriginal ? checkedFilesOf(orig) : [];
    if (!mainFile || !originals) return;
    const origFile = originals[0];
    if (origFile && origFile.file.name === mainFile.file.name) {
      setRequestErrors([t`The original must have a different file name than the watermarked file.`]);
      return;
    }
    const body = extractOrderBody.safeParse({
      file: {
        fileName: mainFile.file.name,
        ...(withOriginal ? { includeOriginal: true, ...(origFile ? { originalFile: { fileName: origFile.file.name } } : {}) } : {}),
      },
    });
    if (!body.success) {
      setRequestErrors(body.error.issues.map((i) => `${i.path.slice(1).join('.') || 'file'}: ${i.message}`));
      return;
    }
    setRequestErrors([]);
    // The file, then its original: the order the service issues their uploads in.
    // The checked file's facts (name, size, dimensions, SHA-256, preview) are kept under the order's id for the evidence report.
    const result = main.results.get(mainFile.file);
    const preview = result?.ok ? result.preview : undefined;
    await submission.submit(
      { type: 'watermarkExtract', body: body.data, files: origFile ? [mainFile, origFile] : [mainFile] },
      { onCreated: async (orderId) => evidenceStore().save(await factsOf(orderId, mainFile.file, mainFile.sha256, preview)) },
    );
  });

  const extensions = extensionList(EXTRACT_EXTENSIONS);
  const originalExtensions = extensionList(ORIGINAL_EXTENSIONS);
  const maxSize = formatBytes(MAX_FILE_BYTES);

  if (traceItems) {
    return (
      <div className="flex flex-col gap-4">
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <FolderTrace items={traceItems} account={account} />
        </Suspense>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              main.clear();
              setTraceItems(null);
            }}
          >
            <Trans>Check other files</Trans>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <DropZone
        label={t`Images or PDFs to check`}
        hint={t`One file, or a folder of found copies (each file is checked by its own order): ${extensions} · at most ${maxSize} each`}
        onFiles={main.add}
        folders
        disabled={submission.locked}
      />
      <RejectionList rejected={main.rejected} />
      <FileList files={file} results={main.results} onRemove={main.remove} />
      <Checkbox
        label={t`Include the original image (images only, not PDF)`}
        hint={isPdf ? t`Not for a PDF: an original can only be given with an image.` : several ? t`Only when one file is checked.` : undefined}
        disabled={submission.locked || isPdf || several}
        {...register('includeOriginal')}
      />
      {includeOriginal && !isPdf && !several && (
        <div className="flex flex-col gap-2">
          <DropZone
            label={t`Original image`}
            hint={originalExtensions}
            onFiles={orig.add}
            multiple={false}
            pasteTarget={false}
            disabled={submission.locked}
          />
          <RejectionList rejected={orig.rejected} />
          <FileList files={original} results={orig.results} onRemove={orig.clear} label={t`Chosen original`} />
        </div>
      )}
      <ServiceNamedNote kind="watermarkExtract" />
      <TracingNote />
      <SubmitFooter
        errors={requestErrors}
        submission={submission}
        nothingToSend={file.length === 0}
        emptyReason={withOriginalNow && original.length === 0 ? t`Add the image or PDF to check, and its original` : t`Add the image or PDF to check`}
        checking={checking}
      />
    </form>
  );
}

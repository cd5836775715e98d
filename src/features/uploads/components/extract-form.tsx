import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EXTRACT_EXTENSIONS, extensionOf, ORIGINAL_EXTENSIONS } from '@/api/formats';
import { extractOrderBody } from '@/api/schemas/orders';
import { Checkbox } from '@/components/ui/checkbox';
import { formatBytes } from '@/lib/format';
import { useOrderSubmission } from '../hooks/use-order-submission';
import { useCheckedFiles } from '../hooks/use-checked-files';
import { checkedFilesOf } from '../lib/checked-list';
import { MAX_FILE_BYTES } from '@/api/limits';
import { extensionList } from '../lib/file-validation';
import { DropZone } from './drop-zone';
import { FileList, RejectionList } from './file-list';
import { ServiceNamedNote } from './service-named-note';
import { SubmitFooter } from './submit-footer';

const formSchema = z.object({ includeOriginal: z.boolean() });
type FormValues = z.infer<typeof formSchema>;

const FILE_RULES = { extensions: EXTRACT_EXTENSIONS, maxFiles: 1 };
const ORIGINAL_RULES = { extensions: ORIGINAL_EXTENSIONS, maxFiles: 1 };

export function ExtractForm() {
  const { t } = useLingui();
  const main = useCheckedFiles(FILE_RULES);
  const orig = useCheckedFiles(ORIGINAL_RULES);
  const file = main.files;
  const original = orig.files;
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const submission = useOrderSubmission();
  const { register, handleSubmit, watch } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { includeOriginal: false },
  });
  const includeOriginal = watch('includeOriginal');
  const isPdf = file[0] ? extensionOf(file[0].name) === 'pdf' : false;

  const withOriginalNow = includeOriginal && !isPdf;
  const checking = main.checking + (withOriginalNow ? orig.checking : 0);

  const onSubmit = handleSubmit(async (values) => {
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
    await submission.submit({ type: 'watermarkExtract', body: body.data, files: origFile ? [mainFile, origFile] : [mainFile] });
  });

  const extensions = extensionList(EXTRACT_EXTENSIONS);
  const originalExtensions = extensionList(ORIGINAL_EXTENSIONS);
  const maxSize = formatBytes(MAX_FILE_BYTES);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <DropZone
        label={t`Image or PDF to check`}
        hint={t`One file: ${extensions} · at most ${maxSize}`}
        onFiles={main.add}
        multiple={false}
        disabled={submission.locked}
      />
      <RejectionList rejected={main.rejected} />
      <FileList files={file} results={main.results} onRemove={main.clear} />
      <Checkbox
        label={t`Include the original image (images only, not PDF)`}
        hint={isPdf ? t`Not for a PDF: an original can only be given with an image.` : undefined}
        disabled={submission.locked || isPdf}
        {...register('includeOriginal')}
      />
      {includeOriginal && !isPdf && (
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

import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EXTRACT_EXTENSIONS, extensionOf, ORIGINAL_EXTENSIONS } from '@/api/formats';
import { createExtractRequest } from '@/api/schemas/orders';
import { formatBytes } from '@/lib/format';
import { createExtractOrder } from '../api/create-extract';
import { useOrderSubmission } from '../hooks/use-order-submission';
import { addFiles, MAX_FILE_BYTES, type Rejection } from '../lib/file-validation';
import { DropZone } from './drop-zone';
import { FileList, RejectionList } from './file-list';
import { SubmitFooter } from './submit-footer';

const formSchema = z.object({ includeOriginal: z.boolean() });
type FormValues = z.infer<typeof formSchema>;

export function ExtractForm() {
  const [file, setFile] = useState<File[]>([]);
  const [original, setOriginal] = useState<File[]>([]);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const submission = useOrderSubmission();
  const { register, handleSubmit, watch } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { includeOriginal: false },
  });
  const includeOriginal = watch('includeOriginal');
  const isPdf = file[0] ? extensionOf(file[0].name) === 'pdf' : false;

  const onFile = useCallback((incoming: File[]) => {
    setFile((current) => {
      const result = addFiles(current, incoming, { extensions: EXTRACT_EXTENSIONS, maxFiles: 1 });
      setRejected(result.rejected);
      return result.accepted;
    });
  }, []);
  const onOriginal = useCallback((incoming: File[]) => {
    setOriginal((current) => {
      const result = addFiles(current, incoming, { extensions: ORIGINAL_EXTENSIONS, maxFiles: 1 });
      setRejected(result.rejected);
      return result.accepted;
    });
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    const main = file[0];
    if (!main) return;
    const withOriginal = values.includeOriginal && !isPdf;
    const orig = original[0];
    if (withOriginal && orig && orig.name === main.name) {
      setRequestErrors(['The original must have a different file name than the watermarked file.']);
      return;
    }
    const fileBody = {
      fileName: main.name,
      ...(withOriginal ? { includeOriginal: true, ...(orig ? { originalFile: { fileName: orig.name } } : {}) } : {}),
    };
    const checked = createExtractRequest.safeParse({ idempotencyKey: 'placeholder-key', file: fileBody });
    if (!checked.success) {
      setRequestErrors(checked.error.issues.map((i) => `${i.path.slice(1).join('.') || 'file'}: ${i.message}`));
      return;
    }
    setRequestErrors([]);
    const files = withOriginal && orig ? [main, orig] : [main];
    await submission.submit(async (key) => {
      const created = await createExtractOrder({ idempotencyKey: key, file: fileBody });
      const uploads = [created.file, ...(created.file.originalFile ? [created.file.originalFile] : [])];
      return { orderId: created.orderId, uploads, needsConfirm: false };
    }, files);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <DropZone
        label="Image or PDF to check"
        hint={`One file: ${EXTRACT_EXTENSIONS.map((e) => '.' + e).join(', ')} · at most ${formatBytes(MAX_FILE_BYTES)}`}
        onFiles={onFile}
        multiple={false}
        disabled={submission.locked}
      />
      <RejectionList rejected={rejected} />
      <FileList files={file} onRemove={() => setFile([])} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" disabled={submission.locked || isPdf} {...register('includeOriginal')} />
        Include the original image (images only, not PDF)
      </label>
      {includeOriginal && !isPdf && (
        <div className="flex flex-col gap-2">
          <DropZone
            label="Original image"
            hint={ORIGINAL_EXTENSIONS.map((e) => '.' + e).join(', ')}
            onFiles={onOriginal}
            multiple={false}
            pasteTarget={false}
            disabled={submission.locked}
          />
          <FileList files={original} onRemove={() => setOriginal([])} />
        </div>
      )}
      <SubmitFooter errors={requestErrors} submission={submission} nothingToSend={file.length === 0} />
    </form>
  );
}

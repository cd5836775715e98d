import { useCallback, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EMBED_EXTENSIONS, FILES_PER_ORDER_MAX, WATERMARK_TEXT_MAX, WATERMARKS_PER_FILE_MAX } from '@/api/formats';
import { createEmbedRequest, watermark } from '@/api/schemas/orders';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import { createEmbedOrder } from '../api/create-embed';
import { useOrderSubmission } from '../hooks/use-order-submission';
import { addFiles, MAX_FILE_BYTES, type Rejection } from '../lib/file-validation';
import { DropZone } from './drop-zone';
import { FileList, RejectionList } from './file-list';
import { SubmitFooter } from './submit-footer';

/** Texts are one per line in the form; each line is one watermark of the request. */
const textsSchema = z
  .string()
  .transform((s) => s.split(/\r?\n/).map((t) => t.trim()).filter(Boolean))
  .pipe(
    z
      .array(watermark.shape.text)
      .min(1, { error: 'needs at least 1 text' })
      .max(WATERMARKS_PER_FILE_MAX, { error: `at most ${WATERMARKS_PER_FILE_MAX} texts` }),
  );

/** The request's file items, with the texts as one editable string (one watermark a line). */
const formSchema = z.object({
  files: z.array(z.object({ fileName: z.string(), texts: textsSchema })).min(1, { error: 'must have at least 1 file' }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export function EmbedForm() {
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const [shared, setShared] = useState('');
  const [requestError, setRequestError] = useState<string | null>(null);
  const submission = useOrderSubmission();
  const { register, handleSubmit, control, setValue, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { files: [] },
  });
  const rows = useFieldArray({ control, name: 'files' });

  const onFiles = useCallback(
    (incoming: File[]) => {
      const result = addFiles(files, incoming, { extensions: EMBED_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX });
      setRejected(result.rejected);
      const added = result.accepted.slice(files.length);
      setFiles(result.accepted);
      rows.append(added.map((f) => ({ fileName: f.name, texts: shared })));
    },
    [files, rows, shared],
  );

  const applyToAll = () => {
    rows.fields.forEach((_, i) => setValue(`files.${i}.texts`, shared));
  };

  const remove = (name: string) => {
    const index = files.findIndex((f) => f.name === name);
    if (index < 0) return;
    setFiles((c) => c.filter((f) => f.name !== name));
    rows.remove(index);
  };

  const onSubmit = handleSubmit(async (values) => {
    const entries = values.files.map((f) => ({ fileName: f.fileName, watermarks: f.texts.map((text) => ({ text })) }));
    const checked = createEmbedRequest.safeParse({ idempotencyKey: 'placeholder-key', files: entries });
    if (!checked.success) {
      setRequestError(checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      return;
    }
    setRequestError(null);
    await submission.submit(async (key) => {
      const created = await createEmbedOrder({ idempotencyKey: key, files: entries });
      return { orderId: created.orderId, uploads: created.files, needsConfirm: false };
    }, files);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <DropZone
        label="Images to watermark"
        hint={`${EMBED_EXTENSIONS.map((e) => '.' + e).join(', ')} · up to ${FILES_PER_ORDER_MAX} files · at most ${formatBytes(MAX_FILE_BYTES)} each`}
        onFiles={onFiles}
        disabled={submission.locked}
      />
      <RejectionList rejected={rejected} />
      <div className="flex flex-col gap-2">
        <label htmlFor="shared-texts" className="text-sm font-medium">
          Watermark texts for every file (one per line, 1–{WATERMARKS_PER_FILE_MAX}, each at most {WATERMARK_TEXT_MAX} characters)
        </label>
        <textarea
          id="shared-texts"
          rows={3}
          value={shared}
          onChange={(e) => setShared(e.target.value)}
          disabled={submission.locked}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <div>
          <Button variant="secondary" onClick={applyToAll} disabled={submission.locked || files.length === 0}>
            Apply the same texts to every file
          </Button>
        </div>
      </div>
      <FileList
        files={files}
        onRemove={remove}
        renderExtra={(file, index) => (
          <div className="flex flex-col gap-1">
            <label htmlFor={`texts-${file.name}`} className="text-xs font-medium">
              Watermark texts for {file.name} (one per line)
            </label>
            <textarea
              id={`texts-${file.name}`}
              rows={2}
              disabled={submission.locked}
              aria-invalid={formState.errors.files?.[index]?.texts ? true : undefined}
              className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              {...register(`files.${index}.texts`)}
            />
            {formState.errors.files?.[index]?.texts && (
              <p className="text-sm text-red-700 dark:text-red-400">Texts {formState.errors.files[index]?.texts?.message}</p>
            )}
          </div>
        )}
      />
      <SubmitFooter errors={requestError ? [requestError] : []} submission={submission} nothingToSend={files.length === 0} />
    </form>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EMBED_EXTENSIONS, FILES_PER_ORDER_MAX, WATERMARK_TEXT_MAX, WATERMARKS_PER_FILE_MAX } from '@/api/formats';
import { createEmbedRequest, watermark } from '@/api/schemas/orders';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import { createEmbedOrder } from '../api/create-embed';
import { useOrderSubmission } from '../hooks/use-order-submission';
import { useCheckedFiles } from '../hooks/use-checked-files';
import { MAX_FILE_BYTES } from '../lib/file-validation';
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

const RULES = { extensions: EMBED_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX };

export function EmbedForm() {
  const picked = useCheckedFiles(RULES);
  const files = picked.files;
  const [shared, setShared] = useState('');
  const [requestError, setRequestError] = useState<string | null>(null);
  const submission = useOrderSubmission();
  const { register, handleSubmit, control, setValue, getValues, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { files: [] },
  });
  const rows = useFieldArray({ control, name: 'files' });

  const { add } = picked;
  const { append, remove: removeRows } = rows;
  const onFiles = useCallback(
    (incoming: File[]) => {
      const added = add(incoming);
      append(added.map((f) => ({ fileName: f.name, texts: shared })));
    },
    [add, append, shared],
  );

  // A file leaves the list when removed or when its check refuses it; its texts row goes with it.
  useEffect(() => {
    const names = new Set(files.map((f) => f.name));
    const gone = getValues('files').flatMap((row, i) => (names.has(row.fileName) ? [] : [i]));
    if (gone.length > 0) removeRows(gone);
  }, [files, getValues, removeRows]);

  const applyToAll = () => {
    rows.fields.forEach((_, i) => setValue(`files.${i}.texts`, shared));
  };

  const onSubmit = handleSubmit(async (values) => {
    if (picked.checking > 0) return;
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
      <RejectionList rejected={picked.rejected} />
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
        results={picked.results}
        onRemove={picked.remove}
        renderExtra={(file) => {
          // By name, not position: for a moment after a refusal the list and the rows differ.
          const index = rows.fields.findIndex((r) => r.fileName === file.name);
          return index < 0 ? null : (
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
          );
        }}
      />
      <SubmitFooter errors={requestError ? [requestError] : []} submission={submission} nothingToSend={files.length === 0} checking={picked.checking} />
    </form>
  );
}

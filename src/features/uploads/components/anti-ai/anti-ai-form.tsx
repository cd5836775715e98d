import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useForm, useFieldArray } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ANTI_AI_EXTENSIONS, FILES_PER_ORDER_MAX } from '@/api/formats';
import { antiAiOptions, antiAiOrderBody, orderName, STRENGTHS } from '@/api/schemas/orders';
import { isApiError } from '@/api/api-error';
import { Checkbox } from '@/components/ui/form/checkbox';
import { Field } from '@/components/ui/form/field';
import { RadioGroup } from '@/components/ui/form/radio-group';
import { TextField } from '@/components/ui/form/text-field';
import { Textarea } from '@/components/ui/form/textarea';
import { Notice } from '@/components/ui/feedback/notice';
import { formatDate, formatNumber } from '@/lib/format';
import { useBatchSubmission } from '../../hooks/use-batch-submission';
import { useOrderSubmission } from '../../hooks/use-order-submission';
import { BATCH_FILES_MAX, defaultBatchName } from '../../lib/batch/batch';
import { distinctFolderNames, relativePathOf, splitFolderDrop, type SortedDrop } from '../../lib/files/folder-drop';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { checkedFilesOf } from '../../lib/files/checked-list';
import { MAX_FILE_BYTES } from '@/api/limits';
import { extensionList } from '../../lib/files/file-validation';
import { parseUrlList } from '../../lib/files/url-list';
import { localOrderName } from '../../lib/submission/order-name';
import { formatBytes } from '@/lib/format';
import { DropZone } from '../form/drop-zone';
import { FileList, RejectionList } from '../form/file-list';
import { LazySkippedSummary } from '../form/skipped-summary-lazy';
import { SubmitFooter } from '../form/submit-footer';

/** The request's own field schemas, plus what only the form has (the URL text, local expiry times). */
const formSchema = z.object({
  orderName: z.union([z.literal(''), orderName]),
  options: antiAiOptions.required(),
  urlText: z.string(),
  zeroCopy: z.boolean(),
  targets: z.array(z.object({ url: z.string(), expiresAt: z.string() })),
});
type FormValues = z.infer<typeof formSchema>;

/** Up to a batch's 1,000 files; more than one order's 100 are sent as a batch of orders. */
const RULES = { extensions: ANTI_AI_EXTENSIONS, maxFiles: BATCH_FILES_MAX };

/** A folder's files by path, numbers in names by value ("img2" before "img10"), so "1/3" holds what the folder lists first. */

/**
 * One line each: what the strength changes (the pattern's size: ±2, ±4 or ±6 levels per colour
 * channel, docs/decisions/processing.md) and what it costs in looks.
 */
const STRENGTH_CHOICES: Record<(typeof STRENGTHS)[number], { label: MessageDescriptor; line: MessageDescriptor }> = {
  low: { label: msg`Low`, line: msg`Lightest pattern: the image looks unchanged, but the protection is the easiest to weaken.` },
  standard: { label: msg`Standard`, line: msg`A middle pattern: faint on close look, survives resizing and light edits.` },
  high: {
    label: msg`High`,
    line: msg`The default. Strongest pattern: the best protection against AI training; a fine grain may show on smooth areas.`,
  },
};

/** The kind in an automatic order name ("Anti-AI 2026-11-27 00:45:23"), as the service's own names start. */
const KIND_LABEL = msg`Anti-AI`;

function localToIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function AntiAiForm() {
  const { t } = useLingui();
  const picked = useCheckedFiles(RULES);
  const files = picked.files;
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const submission = useOrderSubmission();
  const batch = useBatchSubmission();
  const [skipped, setSkipped] = useState<Omit<SortedDrop, 'images'> | null>(null);
  const { add, names } = picked;
  // Files from a dropped folder: whatever is not an image is counted for one line, not refused one by one;
  // files dropped loose still get their own reason from the list's rules.
  const onFiles = useCallback(
    (incoming: File[]) => {
      const drop = splitFolderDrop(incoming, ANTI_AI_EXTENSIONS);
      if (!drop) {
        add(incoming);
        return;
      }
      void drop.sorted.then(({ images, skipped }) => {
        setSkipped(skipped);
        add(distinctFolderNames([...drop.loose, ...images], names()));
      });
    },
    [add, names],
  );
  const { register, handleSubmit, watch, control, formState, setValue } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { orderName: '', options: { strength: 'high' }, urlText: '', zeroCopy: false, targets: [] },
  });
  useFieldArray({ control, name: 'targets' });
  const urlText = watch('urlText');
  const zeroCopy = watch('zeroCopy');
  const strength = watch('options.strength');
  const parsedUrls = parseUrlList(urlText, ANTI_AI_EXTENSIONS);

  const urlCount = parsedUrls.urls.length;
  const extensions = extensionList(ANTI_AI_EXTENSIONS);
  const maxFiles = formatNumber(BATCH_FILES_MAX);
  const perOrder = FILES_PER_ORDER_MAX;
  const isBatch = files.length > FILES_PER_ORDER_MAX;
  const batchOrders = Math.ceil(files.length / FILES_PER_ORDER_MAX);
  const locked = submission.locked || batch.locked;
  const maxSize = formatBytes(MAX_FILE_BYTES);
  const exampleName = localOrderName(t(KIND_LABEL), new Date());

  const allNames = [...files.map((f) => f.name), ...parsedUrls.urls.map((u) => u.fileName)];

  const onSubmit = handleSubmit(async (values) => {
    setRequestErrors([]);
    const checkedFiles = checkedFilesOf(picked);
    if (parsedUrls.errors.length > 0 || !checkedFiles) return;
    if (checkedFiles.length > FILES_PER_ORDER_MAX) {
      if (parsedUrls.urls.length > 0 || values.zeroCopy) {
        setRequestErrors([t`A batch (more than ${perOrder} images) takes uploaded files only: remove the image URLs and zero copy, or send them as an order of their own.`]);
        return;
      }
      const name = values.orderName || defaultBatchName(checkedFiles.map((c) => relativePathOf(c.file) ?? c.file.name), new Date(), formatDate);
      await batch.submit({ name, options: values.options, files: checkedFiles });
      return;
    }
    // Uploaded files first, in the list's order: the service issues their uploads in this order.
    // Named here when the user gave no name: the service would name it by the UTC time (a "wrong" day in Seoul after midnight).
    const body = antiAiOrderBody.safeParse({
      orderName: values.orderName || localOrderName(t(KIND_LABEL), new Date()),
      files: [
        ...checkedFiles.map((c) => ({ fileName: c.file.name })),
        ...parsedUrls.urls.map((u) => ({ fileName: u.fileName, originalFileUrl: u.url })),
      ],
      options: values.options,
      ...(values.zeroCopy
        ? {
            mode: { zeroCopy: true },
            outputTargets: allNames.map((name, i) => ({
              fileKey: name,
              url: values.targets[i]?.url ?? '',
              presignedUrlExpiresAt: localToIso(values.targets[i]?.expiresAt ?? ''),
            })),
          }
        : {}),
    });
    if (!body.success) {
      setRequestErrors(body.error.issues.map((i) => `${i.path.join('.') || 'order'}: ${i.message}`));
      return;
    }
    await submission.submit({ type: 'antiAi', body: body.data, files: checkedFiles });
  });

  const serverError = isApiError(submission.createError) ? submission.createError : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <RadioGroup
        legend={t`Strength`}
        name="strength"
        layout="cards"
        hint={t`Stronger protection means a more visible change. High is the default because protection is what the order is for; choose lower when the look matters more.`}
        value={strength}
        onChange={(value) => setValue('options.strength', value)}
        options={STRENGTHS.map((value) => ({
          value,
          label: t(STRENGTH_CHOICES[value].label),
          description: t(STRENGTH_CHOICES[value].line),
          disabled: locked,
        }))}
      />
      <TextField
        label={isBatch ? t`Batch name (optional)` : t`Order name (optional)`}
        hint={
          isBatch
            ? t`The orders are named after it with their number, e.g. “Portfolio 1/${batchOrders}”; the folder's name or the date when empty.`
            : t`At most 64 characters; when empty the order is named after the kind and your local time, e.g. “${exampleName}”.`
        }
        disabled={locked}
        error={formState.errors.orderName?.message ?? serverError?.fieldMessage('orderName')}
        {...register('orderName')}
      />
      <div className="grid gap-4 lg:grid-cols-[1fr_auto_1fr]">
        <section aria-labelledby="upload-files-heading" className="flex min-w-0 flex-col gap-2">
          <h2 id="upload-files-heading" className="text-base font-semibold">
            <Trans>Upload files</Trans>
          </h2>
          <DropZone
            label={t`Images to upload`}
            hint={t`${extensions} · up to ${maxFiles} files (more than ${perOrder} become a batch of orders) · folders too · at most ${maxSize} each · paste works too`}
            onFiles={onFiles}
            disabled={locked}
            folders
          />
          {skipped && <LazySkippedSummary skipped={skipped} />}
          <RejectionList rejected={picked.rejected} />
          {isBatch && (
            <Notice tone="info">
              {t`${plural(files.length, { other: '# images' })}: they will be sent as ${batchOrders} orders of at most ${perOrder} images, one after the other, and uploaded in one queue.`}
            </Notice>
          )}
          <FileList files={files} results={picked.results} onRemove={picked.remove} />
        </section>
        <OrDivider />
        <section aria-labelledby="image-urls-heading" className="flex min-w-0 flex-col gap-2">
          <h2 id="image-urls-heading" className="text-base font-semibold">
            <Trans>Give image URLs</Trans>
          </h2>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            <Trans>The service downloads each image itself; nothing is uploaded from this browser. Both ways can be mixed in one order.</Trans>
          </p>
          <Field
            id="anti-ai-urls"
            label={t`Image URLs (one per line)`}
            error={
              parsedUrls.errors.length > 0 &&
              parsedUrls.errors.map(({ line, text, reason }) => (
                <span key={line} className="block break-words">
                  <Trans>
                    Line {line}: {text} {reason}
                  </Trans>
                </span>
              ))
            }
          >
            {(control) => <Textarea {...control} code rows={6} disabled={locked} placeholder="https://example.com/photo.jpg" {...register('urlText')} />}
          </Field>
          {parsedUrls.urls.length > 0 && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t`${plural(urlCount, { one: '# URL ready', other: '# URLs ready' })}`}</p>
          )}
        </section>
      </div>
      <details className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium">
          <Trans>Deliver results to your own storage (zero copy)</Trans>
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            <Trans>
              Give one upload URL per file (for example a presigned S3 or GCS URL): the service puts each result there and keeps no copy,
              so the order page has no download.
            </Trans>
          </p>
          <Checkbox label={t`Deliver each result to my own storage`} disabled={locked} {...register('zeroCopy')} />
          {zeroCopy &&
            allNames.map((name, i) => (
              <fieldset key={name} className="grid gap-2 sm:grid-cols-2" disabled={locked}>
                <legend className="text-sm font-medium">{name}</legend>
                <TextField label={t`Output URL for ${name}`} {...register(`targets.${i}.url` as const)} />
                <TextField label={t`URL expires at (${name})`} type="datetime-local" {...register(`targets.${i}.expiresAt` as const)} />
              </fieldset>
            ))}
        </div>
      </details>
      <SubmitFooter
        errors={requestErrors}
        submission={submission}
        nothingToSend={allNames.length === 0}
        emptyReason={t`Add at least one image or image URL`}
        checking={picked.checking}
        {...(isBatch || batch.phase !== 'idle' ? { batch: { orders: batchOrders, submission: batch } } : {})}
      />
    </form>
  );
}

/** "or" between the two ways to give images: a line with the word, across on phones, down the middle on wide screens. */
function OrDivider() {
  const { t } = useLingui();
  const or = t`or`;
  return (
    <div className="flex items-center gap-3 text-sm text-zinc-600 lg:flex-col dark:text-zinc-400" role="separator" aria-label={or}>
      <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 lg:h-auto lg:w-px dark:bg-zinc-800" />
      <span aria-hidden="true">{or}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 lg:h-auto lg:w-px dark:bg-zinc-800" />
    </div>
  );
}

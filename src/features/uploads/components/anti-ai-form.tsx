import { useState } from 'react';
import { useForm, useFieldArray } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ANTI_AI_EXTENSIONS, FILES_PER_ORDER_MAX } from '@/api/formats';
import { antiAiOptions, createAntiAiRequest, orderName, STRENGTHS, type CreateAntiAiRequest } from '@/api/schemas/orders';
import { isApiError } from '@/api/api-error';
import { TextField } from '@/components/ui/text-field';
import { createAntiAiOrder } from '../api/create-anti-ai';
import { useOrderSubmission } from '../hooks/use-order-submission';
import { useCheckedFiles } from '../hooks/use-checked-files';
import { MAX_FILE_BYTES } from '../lib/file-validation';
import { parseUrlList } from '../lib/url-list';
import { formatBytes } from '@/lib/format';
import { DropZone } from './drop-zone';
import { FileList, RejectionList } from './file-list';
import { SubmitFooter } from './submit-footer';

/** The request's own field schemas, plus what only the form has (the URL text, local expiry times). */
const formSchema = z.object({
  orderName: z.union([z.literal(''), orderName]),
  options: antiAiOptions.required(),
  urlText: z.string(),
  zeroCopy: z.boolean(),
  targets: z.array(z.object({ url: z.string(), expiresAt: z.string() })),
});
type FormValues = z.infer<typeof formSchema>;

const RULES = { extensions: ANTI_AI_EXTENSIONS, maxFiles: FILES_PER_ORDER_MAX };

const STRENGTH_LABELS: Record<(typeof STRENGTHS)[number], string> = { low: 'Low', standard: 'Standard', high: 'High' };

function localToIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function AntiAiForm() {
  const picked = useCheckedFiles(RULES);
  const files = picked.files;
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const submission = useOrderSubmission();
  const { register, handleSubmit, watch, control, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { orderName: '', options: { strength: 'high' }, urlText: '', zeroCopy: false, targets: [] },
  });
  useFieldArray({ control, name: 'targets' });
  const urlText = watch('urlText');
  const zeroCopy = watch('zeroCopy');
  const parsedUrls = parseUrlList(urlText, ANTI_AI_EXTENSIONS);

  const allNames = [...files.map((f) => f.name), ...parsedUrls.urls.map((u) => u.fileName)];

  const onSubmit = handleSubmit(async (values) => {
    setRequestErrors([]);
    if (parsedUrls.errors.length > 0 || picked.checking > 0) return;
    const body: CreateAntiAiRequest = {
      idempotencyKey: 'placeholder-key',
      ...(values.orderName ? { orderName: values.orderName } : {}),
      files: [
        ...files.map((f) => ({ fileName: f.name })),
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
    };
    const checked = createAntiAiRequest.safeParse(body);
    if (!checked.success) {
      setRequestErrors(checked.error.issues.map((i) => `${i.path.join('.') || 'order'}: ${i.message}`));
      return;
    }
    await submission.submit(async (key) => {
      const created = await createAntiAiOrder({ ...body, idempotencyKey: key });
      const uploads = created.files.flatMap((f) => ('uploadUrl' in f ? [f] : []));
      return { orderId: created.orderId, uploads, needsConfirm: uploads.length > 0 };
    }, files);
  });

  const serverError = isApiError(submission.createError) ? submission.createError : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2" disabled={submission.locked}>
        <legend className="text-sm font-medium">Strength</legend>
        <div role="radiogroup" aria-label="Strength" className="flex flex-wrap gap-4">
          {STRENGTHS.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input type="radio" value={s} {...register('options.strength')} />
              {STRENGTH_LABELS[s]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Order name (optional)"
        hint="At most 64 characters; a name is made for you when empty."
        disabled={submission.locked}
        error={formState.errors.orderName?.message ?? serverError?.fieldMessage('orderName')}
        {...register('orderName')}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <DropZone
            label="Images to upload"
            hint={`${ANTI_AI_EXTENSIONS.map((e) => '.' + e).join(', ')} · up to ${FILES_PER_ORDER_MAX} files · at most ${formatBytes(MAX_FILE_BYTES)} each · paste works too`}
            onFiles={picked.add}
            disabled={submission.locked}
          />
          <RejectionList rejected={picked.rejected} />
          <FileList files={files} results={picked.results} onRemove={picked.remove} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="anti-ai-urls" className="text-sm font-medium">
            Image URLs (one per line)
          </label>
          <textarea
            id="anti-ai-urls"
            rows={8}
            disabled={submission.locked}
            aria-describedby="anti-ai-urls-errors"
            aria-invalid={parsedUrls.errors.length > 0 || undefined}
            className="rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
            placeholder="https://example.com/photo.jpg"
            {...register('urlText')}
          />
          <ul id="anti-ai-urls-errors" className="text-sm text-red-700 dark:text-red-400">
            {parsedUrls.errors.map((e) => (
              <li key={e.line}>
                Line {e.line}: {e.text} {e.reason}
              </li>
            ))}
          </ul>
          {parsedUrls.urls.length > 0 && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{parsedUrls.urls.length} URL(s) ready</p>
          )}
        </div>
      </div>
      <details className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium">Advanced: zero copy</summary>
        <div className="mt-3 flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" disabled={submission.locked} {...register('zeroCopy')} />
            Put each result to my own storage instead of keeping it at the service
          </label>
          {zeroCopy &&
            allNames.map((name, i) => (
              <fieldset key={name} className="grid gap-2 sm:grid-cols-2" disabled={submission.locked}>
                <legend className="text-sm font-medium">{name}</legend>
                <TextField label={`Output URL for ${name}`} {...register(`targets.${i}.url` as const)} />
                <TextField label={`URL expires at (${name})`} type="datetime-local" {...register(`targets.${i}.expiresAt` as const)} />
              </fieldset>
            ))}
        </div>
      </details>
      <SubmitFooter errors={requestErrors} submission={submission} nothingToSend={allNames.length === 0} checking={picked.checking} />
    </form>
  );
}

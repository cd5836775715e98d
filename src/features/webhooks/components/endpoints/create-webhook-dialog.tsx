import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { isApiError } from '@/api/api-error';
import { createWebhookRequest, type CreateWebhookRequest } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/form/button';
import { CopyButton } from '@/components/ui/form/copy-button';
import { Dialog } from '@/components/ui/layout/dialog';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { TextField } from '@/components/ui/form/text-field';
import { useCreateWebhook } from '../../api/create-webhook';


/** Create, then show the secret once: closing needs "I have stored it", and Escape asks before losing it. */
export function CreateWebhookDialog({
  open,
  onClose,
  defaultUrl,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  defaultUrl?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const create = useCreateWebhook();
  const [confirmingEscape, setConfirmingEscape] = useState(false);
  const secretRef = useRef<HTMLElement>(null);
  const form = useForm<CreateWebhookRequest>({ resolver: zodResolver(createWebhookRequest), defaultValues: { name: '', url: defaultUrl ?? '' } });
  const created = create.data;
  const createdName = created?.name;
  const serverError = (path: string) => (isApiError(create.error) ? create.error.fieldMessage(path) : undefined);

  // Focus goes back to what opened the dialog; when that is gone (the empty state the new webhook replaced), to `returnFocus`.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);

  const finish = () => {
    create.reset();
    form.reset({ name: '', url: defaultUrl ?? '' });
    setConfirmingEscape(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={created ? t`Store your signing secret` : t`Create a webhook`}
      step={created ? 'secret' : 'form'}
      // Escape, the close button or a click outside: the secret is never lost without asking.
      onOpenChange={(next) => {
        if (next) return;
        if (created) setConfirmingEscape(true);
        else finish();
      }}
      onCloseFocus={() => (opener.current instanceof HTMLElement && opener.current.isConnected ? opener.current : returnFocus?.current)}
    >
      {created ? (
        <div className="flex flex-col gap-3">
          <p>
            <Trans>
              Webhook <strong>{createdName}</strong> was created. Its signing secret:
            </Trans>
          </p>
          <code ref={secretRef} tabIndex={-1} aria-label={t`Signing secret`} className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all dark:bg-zinc-800">
            {created.secret}
          </code>
          <div>
            <CopyButton text={created.secret} what={t`signing secret`} />
          </div>
          <Notice tone="warning">
            <Trans>
              Store it now, in your receiver's configuration. The service shows it in full only at creation; you need it to check the
              X-Service-Signature of every delivery.
            </Trans>
          </Notice>
          {confirmingEscape && (
            <Notice tone="warning">
              <Trans>Close without storing the secret?</Trans>{' '}
              <Button size="sm" variant="danger" onClick={finish}>
                <Trans>Close anyway</Trans>
              </Button>{' '}
              {/* Escape put this question up: the safe answer takes the focus, and answering it leads back to the secret. */}
              <Button
                size="sm"
                variant="secondary"
                autoFocus
                onClick={() => {
                  secretRef.current?.focus();
                  setConfirmingEscape(false);
                }}
              >
                <Trans>Keep it open</Trans>
              </Button>
            </Notice>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Link className="self-center text-sm text-indigo-700 underline dark:text-indigo-300" to={`/webhooks/${created.id}`} onClick={finish}>
              <Trans>Open the webhook</Trans>
            </Link>
            <Button onClick={finish}>
              <Trans>I have stored it</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
          <TextField label={t`Name`} autoComplete="off" {...form.register('name')} error={form.formState.errors.name?.message ?? serverError('name')} />
          <TextField
            label={t`URL`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/imprint"
            hint={t`The service POSTs signed JSON here when an order completes or fails.`}
            {...form.register('url')}
            error={form.formState.errors.url?.message ?? serverError('url')}
          />
          {create.isError && <ErrorAlert error={create.error} title={t`The webhook was not created`} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={finish}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={create.isPending}>
              <Trans>Create webhook</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/api/api-error';
import { updateWebhookRequest, type Webhook } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { SecretField } from '@/components/ui/form/secret-field';
import { TextField } from '@/components/ui/form/text-field';
import { Time } from '@/components/ui/data/time';
import { useUpdateWebhook } from '../../api/update-webhook';

/** A webhook's settings: inline name edit, the pause/resume switch, times and the masked secret. */
export function WebhookSettings({ hook }: { hook: Webhook }) {
  const { t } = useLingui();
  const update = useUpdateWebhook(hook.id);
  const toggle = useUpdateWebhook(hook.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(hook.name);
  const [nameError, setNameError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saving or cancelling removes the form that held the focus; it goes back to "Edit name", not to <body>.
  useEffect(() => {
    if (wasEditing.current && !editing && document.activeElement === document.body) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = () => {
    const parsed = updateWebhookRequest.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    update.mutate(parsed.data, { onSuccess: () => setEditing(false) });
  };
  const cancel = () => {
    setEditing(false);
    setName(hook.name);
    setNameError(undefined);
    update.reset();
  };

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="text-sm font-medium">
          <Trans>Name</Trans>
        </dt>
        <dd>
          {editing ? (
            <form
              className="flex flex-wrap items-end gap-2"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') cancel();
              }}
            >
              <TextField
                label={t`Webhook name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={nameError ?? (isApiError(update.error) ? update.error.fieldMessage('name') : undefined)}
                autoFocus
              />
              <Button type="submit" size="sm" loading={update.isPending}>
                <Trans>Save name</Trans>
              </Button>
              <Button size="sm" variant="secondary" onClick={cancel}>
                <Trans>Cancel</Trans>
              </Button>
            </form>
          ) : (
            <span className="flex flex-wrap items-center gap-2">
              <span>{hook.name}</span>
              <Button ref={editButton} size="sm" variant="ghost" onClick={() => { setName(hook.name); setEditing(true); }}>
                <Trans>Edit name</Trans>
              </Button>
            </span>
          )}
          {update.isError && <ErrorAlert error={update.error} title={t`The name was not saved`} />}
        </dd>
        <dt className="text-sm font-medium">
          <Trans>URL</Trans>
        </dt>
        <dd className="font-mono text-sm break-all">{hook.url}</dd>
        <dt className="text-sm font-medium" id="active-label">
          <Trans>Deliveries</Trans>
        </dt>
        <dd className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={hook.isActive}
            aria-labelledby="active-label active-text"
            // aria-disabled, not disabled: a disabled button drops the focus, so a second Space would scroll the page.
            aria-disabled={toggle.isPending || undefined}
            onClick={() => {
              if (!toggle.isPending) toggle.mutate({ isActive: !hook.isActive });
            }}
            className={`relative inline-flex h-6 w-11 items-center rounded-full border transition-colors ${hook.isActive ? 'border-emerald-700 bg-emerald-600' : 'border-zinc-400 bg-zinc-300 dark:bg-zinc-700'}`}
          >
            <span aria-hidden="true" className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${hook.isActive ? 'translate-x-6' : 'translate-x-1'}`} />
          </button>
          <span id="active-text" className="text-sm font-medium">
            {hook.isActive ? t`Active` : t`Paused`}
          </span>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{hook.isActive ? t`Deliveries are sent.` : t`No deliveries are sent while paused.`}</span>
          {toggle.isError && <ErrorAlert error={toggle.error} title={t`The state was not changed`} />}
        </dd>
        <dt className="text-sm font-medium">
          <Trans>Created</Trans>
        </dt>
        <dd className="text-sm"><Time value={hook.createdAt} display="both" /></dd>
        <dt className="text-sm font-medium">
          <Trans>Updated</Trans>
        </dt>
        <dd className="text-sm"><Time value={hook.updatedAt} display="both" /></dd>
      </dl>
      <SecretField label={t`Signing secret`} value={hook.secret} />
    </div>
  );
}

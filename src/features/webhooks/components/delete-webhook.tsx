import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Webhook } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/text-field';
import { useDeleteWebhook } from '../api/webhooks-api';
import { ModalDialog } from './modal-dialog';

/**
 * The page's danger zone, last on the page: deleting asks again in a dialog and wants the name typed,
 * because it removes the delivery history too and cannot be undone.
 */
export function DeleteWebhook({ hook }: { hook: Webhook }) {
  const remove = useDeleteWebhook(hook.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const headingId = useId();
  const reasonId = useId();
  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  const confirmed = typed === hook.name;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-red-300 p-4 dark:border-red-800">
      <h2 id={headingId} className="text-base font-semibold text-red-800 dark:text-red-300">Danger zone</h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm">
          <strong>Delete this webhook.</strong> Deliveries to its URL stop at once and its delivery history is removed.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>Delete webhook…</Button>
      </div>
      <ModalDialog open={open} title={`Delete webhook “${hook.name}”?`} onCancel={close}>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) remove.mutate(undefined, { onSuccess: () => navigate('/webhooks', { replace: true }) });
          }}
        >
          <p className="text-sm">Deliveries to {hook.url} stop at once and its delivery history is removed. This cannot be undone.</p>
          <TextField label={`Type “${hook.name}” to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          {remove.isError && <ErrorAlert error={remove.error} title="The webhook was not deleted" />}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!confirmed && (
              <p id={reasonId} className="mr-auto text-xs text-zinc-600 dark:text-zinc-400">
                Type the name to enable deleting.
              </p>
            )}
            <Button variant="secondary" onClick={close}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={!confirmed || remove.isPending} aria-describedby={confirmed ? undefined : reasonId}>
              {remove.isPending ? 'Deleting…' : `Delete “${hook.name}”`}
            </Button>
          </div>
        </form>
      </ModalDialog>
    </section>
  );
}

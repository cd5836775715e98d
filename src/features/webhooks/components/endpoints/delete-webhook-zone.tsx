import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import type { Webhook } from '@/api/schemas/webhooks';
import { DangerZone } from '@/components/ui/layout/danger-zone';
import { useDeleteWebhook } from '../../api/delete-webhook';

/**
 * Last on the page: deleting asks first and wants the name typed, because it also removes the delivery history
 * and cannot be undone.
 */
export function DeleteWebhook({ hook }: { hook: Webhook }) {
  const { t } = useLingui();
  const remove = useDeleteWebhook(hook.id);
  const { name, url } = hook;
  const navigate = useNavigate();
  return (
    <DangerZone
      description={
        <p>
          {/* A URL has no spaces to wrap at: without break-all it widened a phone's page. */}
          <Trans>
            <strong>Delete this webhook.</strong> Deliveries to <span className="font-mono text-xs break-all">{url}</span> stop at once and its delivery
            history is removed.
          </Trans>
        </p>
      }
      actionLabel={t`Delete webhook`}
      confirmLabel={t`Yes, delete “${name}”`}
      question={t`Delete “${name}” and its delivery history? This cannot be undone.`}
      confirmText={hook.name}
      // The zone shows the error and keeps the question open when the deletion fails.
      onConfirm={() => remove.mutateAsync().then(() => navigate('/webhooks', { replace: true }))}
    />
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/layout/page-header';
import { WebhooksList } from '@/features/webhooks/components/endpoints/webhooks-list';
import { Link } from 'react-router-dom';
import { useIsEmulator } from '@/features/webhooks/api/get-emulator-info';

export function Component() {
  const { t } = useLingui();
  const isEmulator = useIsEmulator();
  return (
    <div>
      <PageHeader
        title={t`Webhooks`}
        description={t`Signed callbacks the service sends to your URL when an order completes or fails.`}
        actions={
          isEmulator ? (
            <Link to="/webhooks/test-receiver" className="text-sm text-indigo-700 underline dark:text-indigo-300">
              <Trans>Test receiver</Trans>
            </Link>
          ) : undefined
        }
      />
      <WebhooksList />
    </div>
  );
}

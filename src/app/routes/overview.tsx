import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/form/button';
import { PageHeader } from '@/components/ui/layout/page-header';
import { usePlanMeter } from '@/app/use-plan-meter';
import { LatestOrders } from '@/features/orders/components/list/latest-orders';
import { OrderActivity } from '@/features/orders/components/usage/order-activity';
import { UsageByKind } from '@/features/orders/components/usage/usage-by-kind';
import { ordersWindowStart } from '@/features/orders/lib/order-figures';
import { PlanUsage } from '@/features/stats/components/plan-usage';
import { UsageSummary } from '@/features/stats/components/usage-summary';
import { WebhooksAtAGlance } from '@/features/webhooks/components/endpoints/webhooks-at-a-glance';

export function Component() {
  const { t } = useLingui();
  const { readAt, contract, meter } = usePlanMeter();
  // One window for every order figure on the page, so they are read once and agree.
  const ordersFrom = ordersWindowStart(readAt, Date.now());
  return (
    <>
      <PageHeader
        title={t`Overview`}
        description={t`Your usage, plan and latest orders at a glance.`}
        actions={
          <>
            <Link to="/orders/new/anti-ai" className={buttonClass({ variant: 'primary' })}>
              <Trans>Protect images from AI</Trans>
            </Link>
            <Link to="/orders/new/embed" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Embed a watermark</Trans>
            </Link>
            <Link to="/orders/new/extract" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Extract a watermark</Trans>
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <UsageSummary />
          <LatestOrders />
          <UsageByKind since={ordersFrom} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PlanUsage contract={contract} {...meter} />
          <OrderActivity since={ordersFrom} />
          <WebhooksAtAGlance />
        </div>
      </div>
    </>
  );
}

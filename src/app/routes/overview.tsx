import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/features/auth/session';
import { useUsageSinceSignIn } from '@/features/orders/hooks/use-order-figures';
import { LatestOrders } from '@/features/orders/components/latest-orders';
import { OrderActivity } from '@/features/orders/components/order-activity';
import { UsageByKind } from '@/features/orders/components/usage-by-kind';
import { ordersWindowStart } from '@/features/orders/lib/order-figures';
import { PlanUsage } from '@/features/stats/components/plan-usage';
import { UsageSummary } from '@/features/stats/components/usage-summary';
import { WebhooksAtAGlance } from '@/features/webhooks/components/webhooks-at-a-glance';

const primary = 'inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700';
const secondary =
  'inline-flex items-center rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-900 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

export function Component() {
  const session = useSession();
  const readAt = session?.signedInAt ?? Date.now();
  const since = useUsageSinceSignIn(readAt);
  // One window for every order figure on the page, so they are read once and agree.
  const ordersFrom = ordersWindowStart(readAt, Date.now());
  return (
    <>
      <PageHeader
        title="Overview"
        actions={
          <>
            <Link to="/orders/new/anti-ai" className={primary}>
              Protect images from AI
            </Link>
            <Link to="/orders/new/embed" className={secondary}>
              Embed a watermark
            </Link>
            <Link to="/orders/new/extract" className={secondary}>
              Extract a watermark
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
          <PlanUsage
            contract={session?.account?.contract ?? null}
            readAt={readAt}
            since={since.data}
            sinceFailed={since.isError}
            onRetrySince={() => void since.refetch()}
          />
          <OrderActivity since={ordersFrom} />
          <WebhooksAtAGlance />
        </div>
      </div>
    </>
  );
}

import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/features/auth/session';
import { LatestOrders } from '@/features/orders/components/latest-orders';
import { PlanUsage } from '@/features/stats/components/plan-usage';
import { UsageSummary } from '@/features/stats/components/usage-summary';
import { WebhookCount } from '@/features/webhooks/components/webhook-count';

const QUICK_ACTIONS = [
  { to: '/orders/new/anti-ai', label: 'Protect images from AI' },
  { to: '/orders/new/embed', label: 'Embed a watermark' },
  { to: '/orders/new/extract', label: 'Extract a watermark' },
];

export function Component() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Overview" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Quick actions" className="lg:col-span-2">
          <ul className="flex flex-wrap gap-2">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
                >
                  {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <div className="lg:col-span-2">
          <LatestOrders />
        </div>
        <UsageSummary />
        <PlanUsage contract={session?.account?.contract ?? null} readAt={session?.signedInAt ?? Date.now()} />
        <WebhookCount />
      </div>
    </>
  );
}

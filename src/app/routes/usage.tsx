import { useLingui } from '@lingui/react/macro';

import { PageHeader } from '@/components/ui/layout/page-header';
import { usePlanMeter } from '@/app/use-plan-meter';
import { UsageByKind } from '@/features/orders/components/usage/usage-by-kind';
import { UsageHistory } from '@/features/orders/components/usage/usage-history-card';
import { ordersWindowStart } from '@/features/orders/lib/order-figures';
import { PlanUsage } from '@/features/stats/components/plan-usage';
import { RecentUsage } from '@/features/stats/components/recent-usage';
import { parseDateParam, todayUtc } from '@/features/stats/lib/stats-dates';
import { useUrlSearch } from '@/lib/use-url-search';

export function Component() {
  const { t } = useLingui();
  const { readAt, contract, meter } = usePlanMeter();
  // The overview's window, so this month's figures come from the same cached read as the overview's.
  const ordersFrom = ordersWindowStart(readAt, Date.now());
  const [params, setParams] = useUrlSearch();
  const date = parseDateParam(params.get('date'));
  const setDate = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === todayUtc()) updated.delete('date');
        else updated.set('date', next);
        return updated;
      },
      { replace: false },
    );
  return (
    <>
      <PageHeader title={t`Usage`} description={t`Files processed per day, and where you stand against your plan.`} />
      <div className="flex flex-col gap-6">
        <RecentUsage date={date} onDateChange={setDate} />
        <PlanUsage contract={contract} {...meter} />
        <UsageHistory />
        <UsageByKind since={ordersFrom} />
      </div>
    </>
  );
}

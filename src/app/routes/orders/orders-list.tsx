import { OrdersList } from '@/features/orders/components/list/orders-list';
import { RecentBatches } from '@/features/uploads/components/batch/recent-batches';

export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <OrdersList />
      </div>
      <RecentBatches />
    </div>
  );
}

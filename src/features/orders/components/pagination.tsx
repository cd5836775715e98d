import { Pager } from '@/components/ui/pager';
import { formatCount } from '@/lib/plural';
import { PAGE_SIZES } from '../lib/list-params';

export function Pagination({
  page,
  totalPages,
  totalItems,
  limit,
  onPage,
  onLimit,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      summary={formatCount(totalItems, 'order', 'orders')}
      pageSize={{ value: limit, options: PAGE_SIZES, onChange: onLimit }}
    />
  );
}

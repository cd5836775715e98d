import { Pager } from '@/components/ui/data/pager';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PAGE_SIZES } from '@/lib/page-sizes';

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
  const { t } = useLingui();
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      summary={t`${plural(totalItems, { one: '# order', other: '# orders' })}`}
      pageSize={{ value: limit, options: PAGE_SIZES, onChange: onLimit }}
    />
  );
}

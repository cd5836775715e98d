import { useId } from 'react';
import { PageButtons } from '@/components/ui/page-buttons';
import { formatNumber } from '@/lib/format';
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
  const sizeId = useId();
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        Page {formatNumber(page)} of {formatNumber(Math.max(totalPages, 1))} · {formatNumber(totalItems)} {totalItems === 1 ? 'order' : 'orders'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>Per page</label>
        <select
          id={sizeId}
          value={limit}
          onChange={(e) => onLimit(Number(e.target.value))}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <PageButtons page={page} totalPages={totalPages} onPage={onPage} />
      </div>
    </nav>
  );
}

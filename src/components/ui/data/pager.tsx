import { useLingui } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { Button } from '../form/button';
import { Select } from '../form/select';

/**
 * Previous/next page buttons. A button that reaches the first or last page becomes disabled while it has focus,
 * which would drop keyboard focus to the page body; focus moves to the other button first.
 */
export function PageButtons({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const go = (to: number, reachesEdge: boolean, other: HTMLButtonElement | null) => {
    if (reachesEdge && totalPages > 1 && other) {
      // Enable the other button now, in the DOM React will re-render anyway, so it can take focus.
      other.disabled = false;
      other.focus();
    }
    onPage(to);
  };
  return (
    <div className="flex gap-2">
      <Button ref={previous} size="sm" variant="secondary" disabled={page <= 1} onClick={() => go(page - 1, page - 1 <= 1, next.current)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t`Previous page`}
      </Button>
      <Button ref={next} size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => go(page + 1, page + 1 >= totalPages, previous.current)}>
        {t`Next page`}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/**
 * A list's pager: where you are ("Page 2 of 9", plus an optional summary such as "214 orders"), an optional page
 * size, and the previous/next buttons. Wraps onto more lines on a phone rather than running off the screen.
 */
export function Pager({
  page,
  totalPages,
  onPage,
  summary,
  pageSize,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  summary?: ReactNode;
  pageSize?: { value: number; options: readonly number[]; onChange: (size: number) => void };
  label?: string;
}) {
  const { t } = useLingui();
  const sizeId = useId();
  const pageText = formatNumber(page);
  const totalText = formatNumber(Math.max(totalPages, 1));
  return (
    <nav aria-label={label ?? t`Pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        {t`Page ${pageText} of ${totalText}`}
        {summary && <> · {summary}</>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSize && (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId}>{t`Per page`}</label>
            <Select
              id={sizeId}
              size="sm"
              value={pageSize.value}
              onChange={(e) => pageSize.onChange(Number(e.target.value))}
              options={pageSize.options.map((n) => ({ value: String(n), label: formatNumber(n) }))}
            />
          </span>
        )}
        <PageButtons page={page} totalPages={totalPages} onPage={onPage} />
      </div>
    </nav>
  );
}

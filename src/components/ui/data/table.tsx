import { Trans } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from '../feedback/skeleton';

export interface Column<Row> {
  /** Unique within the table; React's key for the cell. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The label in stacked mode when the header is not plain text (defaults to the header). */
  stackedLabel?: ReactNode;
  /**
   * In stacked mode, the line that heads the card (e.g. the name or id that is a link): shown first, bold, without
   * a label. At most one column should have it.
   */
  primary?: boolean;
  align?: 'start' | 'end';
  className?: string;
}

/** Below this width a row is drawn as a card of "label: value" lines, so no column runs off a phone's screen. */
export type StackBelow = 'sm' | 'md' | 'lg' | 'never';

// Whole class names, so Tailwind finds them: one set per breakpoint.
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const stacked: Record<Exclude<StackBelow, 'never'>, { table: string; head: string; row: string; cell: string; primary: string; label: string; empty: string }> = {
  sm: {
    table: 'max-sm:block max-sm:[&>thead]:block max-sm:[&>tbody]:block max-sm:[&>caption]:block',
    head: 'max-sm:sr-only',
    row: 'max-sm:mb-3 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-zinc-200 max-sm:p-3 dark:max-sm:border-zinc-800',
    cell: 'max-sm:flex max-sm:flex-wrap max-sm:gap-x-2 max-sm:px-0 max-sm:py-0.5',
    primary: 'max-sm:text-base max-sm:font-semibold',
    label: 'sm:hidden',
    empty: 'max-sm:block',
  },
  md: {
    table: 'max-md:block max-md:[&>thead]:block max-md:[&>tbody]:block max-md:[&>caption]:block',
    head: 'max-md:sr-only',
    row: 'max-md:mb-3 max-md:block max-md:rounded-lg max-md:border max-md:border-zinc-200 max-md:p-3 dark:max-md:border-zinc-800',
    cell: 'max-md:flex max-md:flex-wrap max-md:gap-x-2 max-md:px-0 max-md:py-0.5',
    primary: 'max-md:text-base max-md:font-semibold',
    label: 'md:hidden',
    empty: 'max-md:block',
  },
  lg: {
    table: 'max-lg:block max-lg:[&>thead]:block max-lg:[&>tbody]:block max-lg:[&>caption]:block',
    head: 'max-lg:sr-only',
    row: 'max-lg:mb-3 max-lg:block max-lg:rounded-lg max-lg:border max-lg:border-zinc-200 max-lg:p-3 dark:max-lg:border-zinc-800',
    cell: 'max-lg:flex max-lg:flex-wrap max-lg:gap-x-2 max-lg:px-0 max-lg:py-0.5',
    primary: 'max-lg:text-base max-lg:font-semibold',
    label: 'lg:hidden',
    empty: 'max-lg:block',
  },
};
/* eslint-enable lingui/no-unlocalized-strings */

/** A cell's column name in stacked mode, as "Label:" (Japanese puts a full-width colon there). */
function StackedLabel({ className, children: label }: { className: string; children: ReactNode }) {
  return (
    <span className={cn('font-medium text-zinc-600 dark:text-zinc-400', className)}>
      <Trans>{label}:</Trans>
    </span>
  );
}

/**
 * A data table: caption, header, an empty row, loading rows, and a stacked mode for narrow screens.
 *
 * Stacked mode is CSS only (the same DOM at every width, so nothing re-mounts on rotate): below `stackBelow` the
 * header is visually hidden, each row becomes a bordered card, and each cell shows its column's label before the
 * value. The label is real text, hidden above the breakpoint with display:none, so a screen reader reads it only
 * where it is shown.
 */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingRows = 3,
  empty,
  stackBelow = 'md',
  rowClassName,
  rowData,
  rowDetail,
  className,
}: {
  caption: ReactNode;
  /** The caption still names the table for screen readers, but is not drawn (when a heading above says the same). */
  captionHidden?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  loadingRows?: number;
  /** Shown in one row when there are no rows (and not loading). */
  empty?: ReactNode;
  stackBelow?: StackBelow;
  rowClassName?: (row: Row) => string | undefined;
  /** data-* attributes per row, for tests and styles that find rows by what they are. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** A full-width row under a row, when it returns something (e.g. a panel the row expanded). */
  rowDetail?: (row: Row) => ReactNode;
  className?: string;
}) {
  const s = stackBelow === 'never' ? undefined : stacked[stackBelow];
  const showLoading = loading && !rows?.length;
  return (
    // Wide tables scroll inside their own box on wide screens (never the page); narrow screens stack instead.
    <div className={cn('min-w-0', stackBelow === 'never' ? 'overflow-x-auto' : 'md:overflow-x-auto', className)}>
      <table className={cn('w-full border-collapse text-left text-sm', s?.table)} aria-busy={loading || undefined}>
        <caption className={cn('mb-2 text-left text-sm text-zinc-700 dark:text-zinc-300', captionHidden && 'sr-only')}>{caption}</caption>
        <thead className={s?.head}>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn('px-3 py-2 font-medium whitespace-nowrap text-zinc-700 dark:text-zinc-300', c.align === 'end' && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {showLoading &&
            Array.from({ length: loadingRows }, (_, i) => (
              <tr key={`loading-${i}`} className={cn('border-b border-zinc-100 dark:border-zinc-800', s?.row)} data-loading-row="">
                {columns.map((c) => (
                  <td key={c.key} className={cn('px-3 py-2', s?.cell)}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </td>
                ))}
              </tr>
            ))}
          {!showLoading && rows?.length === 0 && empty !== undefined && (
            <tr className={s?.empty}>
              <td colSpan={columns.length} className={cn('px-3 py-6 text-center text-zinc-600 dark:text-zinc-400', s?.empty)}>
                {empty}
              </td>
            </tr>
          )}
          {rows?.map((row) => {
            const detail = rowDetail?.(row);
            return (
              <Fragment key={rowKey(row)}>
              <tr {...rowData?.(row)} className={cn('border-b border-zinc-100 align-top dark:border-zinc-800', s?.row, rowClassName?.(row))}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cn(
                      'px-3 py-2 break-words',
                      c.align === 'end' && 'text-right',
                      s?.cell,
                      c.primary && s?.primary,
                      c.className,
                    )}
                  >
                    {s && !c.primary && <StackedLabel className={s.label}>{c.stackedLabel ?? c.header}</StackedLabel>}
                    <div className="min-w-0">{c.cell(row)}</div>
                  </td>
                ))}
              </tr>
              {detail != null && detail !== false && (
                <tr className={cn('border-b border-zinc-100 dark:border-zinc-800', s?.empty)}>
                  <td colSpan={columns.length} className={cn('bg-zinc-50 p-3 dark:bg-zinc-900', s?.empty)}>
                    {detail}
                  </td>
                </tr>
              )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

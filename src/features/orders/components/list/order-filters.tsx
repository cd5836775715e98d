import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { ORDER_CHANNELS, ORDER_STATUSES, ORDER_TYPES } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';
import { SelectField } from '@/components/ui/form/select-field';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { CHANNEL_LABELS, statusLabel, TYPE_LABELS } from '../../lib/labels';
import type { OrderListParams } from '../../lib/list-params';

function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  /** "All" in the words that fit the filter: ja says すべて for a status and 全体 for a channel (glossary § 2). */
  allLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} options={[{ value: 'all', label: allLabel }, ...options]} />;
}

/** How many of the folded filters (status, type, channel) narrow the list. */
export function activeFilterCount(params: OrderListParams): number {
  return [params.status, params.type, params.channel].filter((v) => v !== 'all').length;
}

/**
 * Search stays in view; status, type and channel fold behind one "Filters" button below 640 px (they took about
 * 500 px above the first order on a phone). The button says how many are active, so a narrowed list is never a
 * surprise. From 640 px up all four stand in one row and the button is gone.
 */
export function OrderFilters({ params, onChange }: { params: OrderListParams; onChange: (next: Partial<OrderListParams>) => void }) {
  const { i18n, t } = useLingui();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState(params.keyword);
  // The URL may change from outside (back button, clear filters): follow it.
  useEffect(() => setKeyword(params.keyword), [params.keyword]);
  useEffect(() => {
    if (keyword.trim() === params.keyword) return;
    const timer = window.setTimeout(() => onChange({ keyword: keyword.trim(), page: 1 }), 300);
    return () => window.clearTimeout(timer);
  }, [keyword, params.keyword, onChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyword.trim() !== params.keyword) onChange({ keyword: keyword.trim(), page: 1 });
  };
  const active = activeFilterCount(params);
  const activeCount = formatNumber(active);

  return (
    <form role="search" aria-label={t`Filter orders`} onSubmit={submit} className="mb-4 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label={t`Search`}>
        {(control) => <Input {...control} type="search" placeholder={t`Name or id`} value={keyword} maxLength={200} onChange={(e) => setKeyword(e.target.value)} />}
      </Field>
      <Button
        variant="secondary"
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        <Trans>Filters</Trans>
        {active > 0 && (
          <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white dark:bg-indigo-400 dark:text-zinc-950">
            <span aria-hidden="true">{active}</span>
            <span className="sr-only">
              <Trans>({activeCount} active)</Trans>
            </span>
          </span>
        )}
      </Button>
      <div id={panelId} className={cn('col-span-2 grid grid-cols-1 gap-3 sm:contents', !open && 'max-sm:hidden')}>
        <FilterSelect
          label={t`Status`}
          allLabel={t({ message: 'All', context: 'status filter' })}
          value={params.status}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={(v) => onChange({ status: v as OrderListParams['status'], page: 1 })}
        />
        <FilterSelect
          label={t`Type`}
          allLabel={t({ message: 'All', context: 'type filter' })}
          value={params.type}
          options={ORDER_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
          onChange={(v) => onChange({ type: v as OrderListParams['type'], page: 1 })}
        />
        <FilterSelect
          label={t`Channel`}
          allLabel={t({ message: 'All', context: 'channel filter' })}
          value={params.channel}
          options={ORDER_CHANNELS.map((c) => ({ value: c, label: i18n._(CHANNEL_LABELS[c]) }))}
          onChange={(v) => onChange({ channel: v as OrderListParams['channel'], page: 1 })}
        />
      </div>
    </form>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { ORDER_CHANNELS, ORDER_STATUSES, ORDER_TYPES } from '@/api/schemas/orders';
import { CHANNEL_LABELS, TYPE_LABELS } from '../lib/labels';
import type { OrderListParams } from '../lib/list-params';
import { statusLabel } from './order-status-badge';

const selectClass = 'rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

function Select({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrderFilters({ params, onChange }: { params: OrderListParams; onChange: (next: Partial<OrderListParams>) => void }) {
  const searchId = useId();
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

  return (
    <form role="search" aria-label="Filter orders" onSubmit={submit} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Name or id"
          className={selectClass}
          value={keyword}
          maxLength={200}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <Select
        label="Status"
        value={params.status}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        onChange={(v) => onChange({ status: v as OrderListParams['status'], page: 1 })}
      />
      <Select
        label="Type"
        value={params.type}
        options={ORDER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        onChange={(v) => onChange({ type: v as OrderListParams['type'], page: 1 })}
      />
      <Select
        label="Channel"
        value={params.channel}
        options={ORDER_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        onChange={(v) => onChange({ channel: v as OrderListParams['channel'], page: 1 })}
      />
    </form>
  );
}

import type { ReactNode } from 'react';

/**
 * A list of "label: value" facts (an order's type, a plan's limit…): one column on a phone, label beside
 * value from `sm` up. A real `<dl>`, so screen readers announce each label with its value.
 */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</dl>;
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

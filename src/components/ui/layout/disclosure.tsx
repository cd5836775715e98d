import type { ReactNode } from 'react';

/**
 * A tool that stays folded until asked for (a bulk action, an export): a native <details>, so it opens with Enter or
 * Space and keeps its content (a running walk, a filled form) while folded again.
 */
export function Disclosure({ summary, children, defaultOpen = false }: { summary: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  return (
    <details open={defaultOpen} className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <summary className="cursor-pointer text-sm font-medium">{summary}</summary>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </details>
  );
}

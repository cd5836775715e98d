import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import { cn } from '@/lib/cn';

const KINDS = [
  { to: '/orders/new/anti-ai', label: msg`Anti-AI` },
  { to: '/orders/new/embed', label: msg`Embed watermark` },
  { to: '/orders/new/extract', label: msg`Extract watermark` },
];

export function KindSwitcher() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Order kind`} className="flex flex-wrap gap-2">
      {KINDS.map((kind) => (
        <NavLink
          key={kind.to}
          to={kind.to}
          className={({ isActive }) =>
            cn(
              'rounded-md border px-3 py-1.5 text-sm',
              isActive
                ? 'border-indigo-600 bg-indigo-50 font-medium dark:bg-indigo-950'
                : 'border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800',
            )
          }
        >
          {t(kind.label)}
        </NavLink>
      ))}
    </nav>
  );
}

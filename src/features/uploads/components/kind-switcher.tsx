import { NavLink } from 'react-router-dom';
import { cn } from '@/lib/cn';

const KINDS = [
  { to: '/orders/new/anti-ai', label: 'Anti-AI' },
  { to: '/orders/new/embed', label: 'Embed watermark' },
  { to: '/orders/new/extract', label: 'Extract watermark' },
];

export function KindSwitcher() {
  return (
    <nav aria-label="Order kind" className="flex flex-wrap gap-2">
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
          {kind.label}
        </NavLink>
      ))}
    </nav>
  );
}

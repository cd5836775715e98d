import type { Order } from '@/api/schemas/orders';
import { cn } from '@/lib/cn';
import { Time } from '@/components/ui/time';
import { buildTimeline } from '../lib/timeline';

const MARK = { done: '●', current: '◉', upcoming: '○' };
const STATE_WORDS = { done: 'done', current: 'now', upcoming: 'not yet' };

export function OrderTimeline({ order }: { order: Order }) {
  const steps = buildTimeline(order);
  return (
    <ol aria-label="What happened when" className="flex flex-col gap-2">
      {steps.map((step) => (
        <li key={step.key} data-step={step.key} data-state={step.state} className="flex items-baseline gap-2 text-sm">
          <span aria-hidden="true" className={cn(step.state === 'current' && 'text-indigo-600 dark:text-indigo-400', step.state === 'upcoming' && 'text-zinc-400')}>
            {MARK[step.state]}
          </span>
          <span className={cn('font-medium', step.state === 'upcoming' && 'text-zinc-500 dark:text-zinc-400')}>{step.label}</span>
          <span className="sr-only">({STATE_WORDS[step.state]})</span>
          {step.at && (
            <Time value={step.at} display="both" className="text-zinc-600 dark:text-zinc-400" />
          )}
        </li>
      ))}
    </ol>
  );
}

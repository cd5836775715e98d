import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Order } from '@/api/schemas/orders';
import { Time } from '@/components/ui/data/time';
import { cn } from '@/lib/cn';
import { buildTimeline } from '../../lib/timeline';

const MARK = { done: '●', current: '◉', upcoming: '○' };
// With their parentheses, which ja writes full-width.
const STATE_WORDS = { done: msg`(done)`, current: msg`(now)`, upcoming: msg`(not yet)` };

/** Each step's time with seconds and the zone: support and the user compare it with their own logs and webhooks. */
export function OrderTimeline({ order }: { order: Order }) {
  // useLingui here too: the times are formatted in this component and must follow a language change.
  const { i18n, t } = useLingui();
  const steps = buildTimeline(order);
  return (
    <ol aria-label={t`What happened when`} className="flex flex-col gap-2">
      {steps.map((step) => (
        <li key={step.key} data-step={step.key} data-state={step.state} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span aria-hidden="true" className={cn(step.state === 'current' && 'text-indigo-600 dark:text-indigo-400', step.state === 'upcoming' && 'text-zinc-400')}>
            {MARK[step.state]}
          </span>
          <span className={cn('font-medium', step.state === 'upcoming' && 'text-zinc-500 dark:text-zinc-400')}>{i18n._(step.label)}</span>
          <span className="sr-only">{i18n._(STATE_WORDS[step.state])}</span>
          {step.at && <Time value={step.at} display="zoned" className="text-zinc-600 dark:text-zinc-400" />}
        </li>
      ))}
    </ol>
  );
}

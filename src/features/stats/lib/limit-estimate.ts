import { STATS_WINDOW_DAYS } from '@/api/limits';
import type { Contract } from '@/api/schemas/auth';
import { DAY_MS } from '@/lib/time';


export type LimitEstimate =
  | { kind: 'reached' }
  | { kind: 'no-use' }
  | { kind: 'reaches'; averagePerDay: number; date: Date }
  | { kind: 'not-before-end'; averagePerDay: number; planEnd: Date };

/**
 * When the plan's limit would be reached at the average of the last 7 days,
 * counted from when the usage figure was read (the sign-in). A straight-line
 * estimate, labelled as such where it is shown.
 */
export function estimateLimit(contract: Contract, last7DayCounts: readonly number[], readAt: number): LimitEstimate {
  const remaining = contract.usageLimit - contract.currentUsage;
  if (remaining <= 0) return { kind: 'reached' };
  const total = last7DayCounts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return { kind: 'no-use' };
  const averagePerDay = total / STATS_WINDOW_DAYS;
  const date = new Date(readAt + Math.ceil(remaining / averagePerDay) * DAY_MS);
  const planEnd = contract.planEndDate ? new Date(contract.planEndDate) : null;
  if (planEnd && !Number.isNaN(planEnd.getTime()) && date.getTime() > planEnd.getTime()) {
    return { kind: 'not-before-end', averagePerDay, planEnd };
  }
  return { kind: 'reaches', averagePerDay, date };
}


import { formatDate } from '@/lib/format';
import { formatAverage, type LimitEstimate } from './limit-estimate';

/** The estimate in one plain sentence; the caller labels it as an estimate. */
export function limitEstimateText(estimate: LimitEstimate): string {
  switch (estimate.kind) {
    case 'reached':
      return 'The limit is already reached.';
    case 'no-use':
      return 'No files were processed in the last 7 days, so there is no rate to project.';
    case 'reaches':
      return `At your last 7 days’ average (${formatAverage(estimate.averagePerDay)} files a day), you would reach the limit around ${formatDate(estimate.date)}.`;
    case 'not-before-end':
      return `At your last 7 days’ average (${formatAverage(estimate.averagePerDay)} files a day), you will not reach the limit before your plan ends on ${formatDate(estimate.planEnd)}.`;
  }
}

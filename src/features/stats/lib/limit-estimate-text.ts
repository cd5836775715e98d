import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate, formatDecimal } from '@/lib/format';
import type { LimitEstimate } from './limit-estimate';

/** The estimate in one plain sentence, in the active locale (called while rendering); the caller labels it as an estimate. */
export function limitEstimateText(estimate: LimitEstimate): string {
  switch (estimate.kind) {
    case 'reached':
      return i18n._(msg`The limit is already reached.`);
    case 'no-use':
      return i18n._(msg`No files were processed in the last 7 days, so there is no rate to project.`);
    case 'reaches': {
      const average = formatDecimal(estimate.averagePerDay);
      const date = formatDate(estimate.date);
      return i18n._(msg`At your last 7 days’ average (${average} files a day), you would reach the limit around ${date}.`);
    }
    case 'not-before-end': {
      const average = formatDecimal(estimate.averagePerDay);
      const planEnd = formatDate(estimate.planEnd);
      return i18n._(msg`At your last 7 days’ average (${average} files a day), you will not reach the limit before your plan ends on ${planEnd}.`);
    }
  }
}

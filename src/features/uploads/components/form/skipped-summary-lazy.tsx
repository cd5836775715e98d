import { lazy, Suspense, type ComponentProps } from 'react';
import type { SkippedSummary as Summary } from './skipped-summary';

const SkippedSummary = lazy(() => import('./skipped-summary').then((module) => ({ default: module.SkippedSummary })));

/** The list of skipped files is drawn only after a folder held some, so the new-order pages do not download it first. */
export function LazySkippedSummary(props: ComponentProps<typeof Summary>) {
  return (
    <Suspense fallback={null}>
      <SkippedSummary {...props} />
    </Suspense>
  );
}

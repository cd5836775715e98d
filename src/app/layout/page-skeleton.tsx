import { useLingui } from '@lingui/react/macro';
import { Skeleton } from '@/components/ui/feedback/skeleton';

/** Shown while a page's code loads on the first visit: the shape of a page, not a spinner. */
export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="p-6" aria-busy="true" aria-label={t`Loading`}>
      <Skeleton className="mb-3 h-8 w-48" />
      <Skeleton className="mb-8 h-4 w-80 max-w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled section; the title names it, so screen readers can jump between cards as regions. */
export function Card({
  title,
  description,
  children,
  className,
  actions,
  headingLevel = 2,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Root = title ? 'section' : 'div';
  return (
    <Root
      aria-labelledby={title ? headingId : undefined}
      className={cn('min-w-0 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900', className)}
    >
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            {title && (
              <Heading id={headingId} className="text-base font-semibold">
                {title}
              </Heading>
            )}
            {description && <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </Root>
  );
}

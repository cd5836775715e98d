import { Trans } from '@lingui/react/macro';
import { Notice } from '@/components/ui/feedback/notice';

/** The limit of tracing, said wherever a copy is traced (docs/decisions/leak-tracing.md). */
export function TracingNote({ className }: { className?: string }) {
  return (
    <Notice className={className}>
      <Trans>
        A copy is traced by the watermark it carries. A recipient who strips the watermark, or passes on a copy where it can no longer be read, cannot be
        traced.
      </Trans>
    </Notice>
  );
}

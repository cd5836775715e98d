import { Check, Copy } from 'lucide-react';
import { useCopy } from '@/lib/use-copy';
import { Button } from './button';
import { InlineStatus } from './inline-status';

export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what?: string }) {
  const { copy, copied, failed } = useCopy();
  const Icon = copied ? Check : Copy;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => void copy(text)} aria-label={what ? `${label} ${what}` : label}>
        <Icon aria-hidden="true" className="size-4" />
        {copied ? 'Copied' : label}
      </Button>
      <InlineStatus
        className={copied ? 'sr-only' : undefined}
        message={copied ? { tone: 'success', text: 'Copied to the clipboard' } : failed ? { tone: 'error', text: 'Could not copy: select the text and copy it by hand' } : null}
      />
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface InlineStatusMessage {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Short feedback beside the control that caused it ("Copied", "Saved", "Could not save"): a polite live region that
 * is always in the DOM (a region added together with its text is not announced by every screen reader), with an icon
 * so the outcome does not rest on colour.
 */
export function InlineStatus({ message, className }: { message: InlineStatusMessage | null; className?: string }) {
  const Icon = message?.tone === 'error' ? CircleX : CircleCheck;
  return (
    <span role="status" className={cn('inline-flex items-center gap-1 text-sm', message?.tone === 'error' ? 'text-red-700 dark:text-red-400' : 'text-emerald-800 dark:text-emerald-300', className)}>
      {message && (
        <>
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {message.text}
        </>
      )}
    </span>
  );
}

/** A message that clears itself: success after `clearAfterMs`, errors stay until the next message. */
export function useInlineStatus(clearAfterMs = 3000) {
  const [message, setMessage] = useState<InlineStatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: InlineStatusMessage) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next.tone === 'success') timer.current = setTimeout(() => setMessage(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}

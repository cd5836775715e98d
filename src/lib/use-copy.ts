import { useCallback, useEffect, useRef, useState } from 'react';

/** Copies text and reports it for a moment, so a button can say "Copied". */
export function useCopy(resetAfterMs = 2000) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setFailed(false);
      } catch {
        setFailed(true);
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), resetAfterMs);
    },
    [resetAfterMs],
  );
  return { copy, copied, failed };
}

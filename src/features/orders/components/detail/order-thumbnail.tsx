import { useState } from 'react';
import { canSwitchToRelay, cspViolationFor, relayMode, relayUrl, storageReadUrl, switchToRelay } from '@/lib/storage-access';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { cn } from '@/lib/cn';

/**
 * The service's thumbnail; nothing at all when it has none or it cannot be loaded. The caller gives the whole
 * alt text ("Thumbnail of cat.png"), so each language words it as one sentence.
 */
export function OrderThumbnail({ src, alt, size = 'md' }: { src: string | null; alt: string; size?: 'sm' | 'md' }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  /** A direct read failed: this one image goes through the dashboard server's relay. */
  const [relayed, setRelayed] = useState(false);
  const box = cn(size === 'sm' ? 'h-12 w-12' : 'h-40 w-40');
  if (!src || state === 'failed') return null;
  const shown = relayed ? relayUrl(src) : storageReadUrl(src);
  const failed = () => {
    if (relayed || shown !== src || relayMode() === 'never') return setState('failed');
    // This page's CSP refused the storage (img-src): the session switches, as an upload would.
    const violation = cspViolationFor(src);
    if (violation && canSwitchToRelay()) switchToRelay({ reason: 'csp', origin: violation.origin });
    setRelayed(true);
  };
  return (
    <div className={cn('relative shrink-0', box)}>
      {state === 'loading' && <Skeleton className={cn('absolute inset-0', box)} />}
      <img
        src={shown}
        alt={alt}
        className={cn('rounded-md object-cover', box)}
        onLoad={() => setState('loaded')}
        onError={failed}
      />
    </div>
  );
}

import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/**
 * The service's thumbnail; nothing at all when it has none or it cannot be loaded. The caller gives the whole
 * alt text ("Thumbnail of cat.png"), so each language words it as one sentence.
 */
export function OrderThumbnail({ src, alt, size = 'md' }: { src: string | null; alt: string; size?: 'sm' | 'md' }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const box = cn(size === 'sm' ? 'h-12 w-12' : 'h-40 w-40');
  if (!src || state === 'failed') return null;
  return (
    <div className={cn('relative shrink-0', box)}>
      {state === 'loading' && <Skeleton className={cn('absolute inset-0', box)} />}
      <img
        src={src}
        alt={alt}
        className={cn('rounded-md object-cover', box)}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </div>
  );
}

import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'h-12 w-12', md: 'h-40 w-40' };

/** The service's thumbnail; nothing at all when it has none or it cannot be loaded. */
export function OrderThumbnail({ src, name, size = 'md' }: { src: string | null; name: string; size?: keyof typeof SIZES }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (!src || state === 'failed') return null;
  return (
    <div className={cn('relative shrink-0', SIZES[size])}>
      {state === 'loading' && <Skeleton className={cn('absolute inset-0', SIZES[size])} />}
      <img
        src={src}
        alt={`Thumbnail of ${name}`}
        className={cn('rounded-md object-cover', SIZES[size])}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </div>
  );
}

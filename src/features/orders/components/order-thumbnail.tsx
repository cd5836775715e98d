import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function OrderThumbnail({ src, name }: { src: string | null; name: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (!src || state === 'failed') return null;
  return (
    <div className="relative h-40 w-40">
      {state === 'loading' && <Skeleton className="absolute inset-0 h-40 w-40" />}
      <img
        src={src}
        alt={`Thumbnail of ${name}`}
        className="h-40 w-40 rounded-md object-cover"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </div>
  );
}

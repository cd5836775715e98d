import { useMutation } from '@tanstack/react-query';
import { getOrderDownload } from '@/api/orders';
import { storageReadUrl } from '@/lib/storage-access';

/** Asked on each click, never cached: the link is valid for an hour only. */
export function useOrderDownload(orderId: string) {
  return useMutation({
    mutationFn: () => getOrderDownload(orderId),
    onSuccess: ({ downloadUrl }) => {
      // Through the relay when this session uses it (the storage refused this origin, or UPLOAD_RELAY=always).
      window.location.assign(storageReadUrl(downloadUrl));
    },
  });
}

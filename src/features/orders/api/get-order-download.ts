import { useMutation } from '@tanstack/react-query';
import { getOrderDownload } from '@/api/orders';

/** Asked on each click, never cached: the link is valid for an hour only. */
export function useOrderDownload(orderId: string) {
  return useMutation({
    mutationFn: () => getOrderDownload(orderId),
    onSuccess: ({ downloadUrl }) => {
      window.location.assign(downloadUrl);
    },
  });
}

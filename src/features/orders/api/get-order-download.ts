import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import { downloadResponse } from '@/api/schemas/orders';

/** Asked on each click, never cached: the link is valid for an hour only. */
export function getOrderDownload(orderId: string) {
  return api({ path: `/orders/${encodeURIComponent(orderId)}/download`, schema: downloadResponse });
}

export function useOrderDownload(orderId: string) {
  return useMutation({
    mutationFn: () => getOrderDownload(orderId),
    onSuccess: ({ downloadUrl }) => {
      window.location.assign(downloadUrl);
    },
  });
}
